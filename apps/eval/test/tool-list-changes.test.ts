import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

/**
 * A scenario whose mock `catalog` swaps `search_v1` for `search` as turn 2 starts; `llm` holds each turn's
 * scripted steps (none for a live run). Turn 2 expects its first request to offer only `search`.
 */
function scenarioText(options: { transport: 'memory' | 'http'; llm: [string, string] }): string {
  return [
    'name: tools change at turn 2',
    'provider: anthropic',
    'servers:',
    '  catalog:',
    `    transport: ${options.transport}`,
    '    tools: [{ name: search_v1, responses: [{ text: old results }] }]',
    '    changes:',
    '      - after: { turn: 2 }',
    '        remove: [search_v1]',
    '        add: [{ name: search, responses: [{ text: new results }] }]',
    'turns:',
    '  - user: Hi.',
    `    ${options.llm[0]}`,
    '    expect: { requests: { at: [{ index: 0, tools: [search_v1] }] } }',
    '  - user: Search.',
    `    ${options.llm[1]}`,
    '    expect:',
    '      requests: { at: [{ index: 0, tools: [search] }] }',
    '      toolCalls: { calls: [{ name: search, isError: false, result: { equals: new results } }] }',
    '',
  ].join('\n');
}

async function writeScenario(text: string): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-tool-changes-'));
  directories.push(directory);
  await writeFile(join(directory, 'changes.yaml'), text);
  return directory;
}

describe.each(['memory', 'http'] as const)('a mock whose tools change at a turn (%s)', (transport) => {
  it('offers the new tools from that turn on, with a scripted model', async () => {
    const directory = await writeScenario(
      scenarioText({
        transport,
        llm: [
          'llm: [{ text: Hello. }]',
          'llm: [{ toolCalls: [{ name: search, input: {} }] }, { text: Found. }]',
        ],
      }),
    );

    const { report, exitCode } = await runScenarios({ paths: ['changes.yaml'], cwd: directory });

    expect(report.scenarios[0]?.failures).toEqual([]);
    expect(report.scenarios[0]?.error).toBeUndefined();
    expect(exitCode).toBe(0);
  });

  it('records a live run of it and replays the recording without drift', async () => {
    const directory = await writeScenario(scenarioText({ transport, llm: ['llm: []', 'llm: []'] }));
    const api = createFakeLlm({
      steps: [{ text: 'Hello.' }, { toolCalls: [{ name: 'search', input: {} }] }, { text: 'Found.' }],
    });
    const { url } = await api.serve();
    try {
      const recorded = await runScenarios({
        paths: ['changes.yaml'],
        cwd: directory,
        live: { baseURL: url, env: { ANTHROPIC_API_KEY: 'sk-test' }, record: true },
      });
      expect(recorded.report.scenarios[0]?.failures).toEqual([]);
      expect(recorded.exitCode).toBe(0);
    } finally {
      await api.close();
    }

    const replayed = await runScenarios({ paths: ['changes.yaml'], cwd: directory });

    expect(replayed.report.scenarios[0]?.source).toBe('recording');
    expect(replayed.report.scenarios[0]?.failures).toEqual([]);
    expect(replayed.exitCode).toBe(0);
  });
});
