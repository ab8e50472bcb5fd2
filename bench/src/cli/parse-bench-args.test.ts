import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './parse-bench-args.js';

describe('parseBenchArgs', () => {
  it('runs everything at full size and writes the docs by default', () => {
    expect(parseBenchArgs([])).toEqual({
      options: {
        quick: false,
        json: false,
        only: [
          'loop',
          'eval',
          'timeout',
          'streaming',
          'xml',
          'session',
          'requests',
          'wires',
          'hosts',
          'start',
          'long',
          'large',
          'setup',
          'concurrency',
        ],
        cpuProfileDirectory: undefined,
        writeDocs: true,
      },
    });
  });

  it('leaves the docs alone for --quick, --json or a subset, and ignores a passed-through --', () => {
    for (const args of [['--quick'], ['--', '--json'], ['--only', 'loop']])
      expect(parseBenchArgs(args)).toMatchObject({ options: { writeDocs: false } });
  });

  it('writes the docs when asked to, whatever else', () => {
    expect(parseBenchArgs(['--quick', '--docs'])).toMatchObject({
      options: { quick: true, writeDocs: true },
    });
  });

  it('names an unknown benchmark and the known ones', () => {
    expect(parseBenchArgs(['--only', 'loop,speed'])).toEqual({
      error:
        "Unknown benchmark 'speed'. Known: loop, eval, timeout, streaming, xml, session, requests, wires, hosts, start, long, large, setup, concurrency.",
    });
  });

  it('rejects an unknown option', () => {
    const parsed = parseBenchArgs(['--fast']);
    expect('error' in parsed && parsed.error.includes("'--fast'")).toBe(true);
  });
});
