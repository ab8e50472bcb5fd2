import { describe, expect, it } from 'vitest';
import { parseCliArguments } from './parse-cli-arguments.js';

describe('parseCliArguments', () => {
  it('serves over stdio by default', () => {
    expect(parseCliArguments(['--spec', 'a.yaml'])).toEqual({
      type: 'serve',
      spec: { type: 'file', path: 'a.yaml' },
      transport: { type: 'stdio' },
    });
  });

  it('serves over HTTP on a free port with --http alone, or on the port given', () => {
    const transports = [['--http'], ['--http', '3001'], ['--http=3002']].map((http) => {
      const command = parseCliArguments(['--spec', 'a.yaml', ...http]);
      return command.type === 'serve' ? command.transport : command;
    });
    expect(transports).toEqual([
      { type: 'http', port: 0 },
      { type: 'http', port: 3001 },
      { type: 'http', port: 3002 },
    ]);
  });

  it('reads the host and the allowed hosts and origins of --http', () => {
    const command = parseCliArguments([
      '--http',
      '--spec-json',
      '{}',
      '--host',
      '0.0.0.0',
      '--allowed-host',
      'mock.test',
      '--allowed-host',
      '192.168.1.5',
      '--allowed-origin',
      'https://app.example',
      '--record',
      'calls.jsonl',
    ]);
    expect(command).toEqual({
      type: 'serve',
      spec: { type: 'json', text: '{}' },
      transport: {
        type: 'http',
        port: 0,
        host: '0.0.0.0',
        allowedHosts: ['mock.test', '192.168.1.5'],
        allowedOrigins: ['https://app.example'],
      },
      recordPath: 'calls.jsonl',
    });
  });

  it('refuses a port that is not one', () => {
    expect(parseCliArguments(['--spec', 'a.yaml', '--http=70000'])).toEqual({
      type: 'invalid',
      message: "--http takes a port from 0 to 65535, not '70000'.",
    });
  });

  it('refuses the HTTP options without --http', () => {
    expect(parseCliArguments(['--spec', 'a.yaml', '--allowed-host', 'x'])).toEqual({
      type: 'invalid',
      message: '--allowed-host applies to --http only.',
    });
  });
});
