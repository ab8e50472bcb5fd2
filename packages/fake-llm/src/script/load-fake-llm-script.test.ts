import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFakeLlmScript } from './load-fake-llm-script.js';

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'fake-llm-script-'));
});
afterAll(() => rm(directory, { recursive: true }));

describe('loadFakeLlmScript', () => {
  it('reads a YAML scenario file, replay paths starting at its directory', async () => {
    const path = join(directory, 'scenario.yaml');
    await writeFile(
      path,
      [
        'name: yaml scenario',
        'turns:',
        '  - user: Hi',
        '    llm:',
        '      - toolCalls: [{ name: lookup, input: { q: x } }]',
        '      - replay: recorded.sse',
      ].join('\n'),
    );
    expect(await loadFakeLlmScript(path)).toEqual({
      success: true,
      value: {
        name: 'yaml scenario',
        baseDirectory: directory,
        steps: [{ toolCalls: [{ name: 'lookup', input: { q: 'x' } }] }, { replay: 'recorded.sse' }],
      },
    });
  });

  it('reads a JSON list of steps, named after the file', async () => {
    const path = join(directory, 'steps.json');
    await writeFile(path, JSON.stringify([{ text: 'Hi.' }]));
    expect(await loadFakeLlmScript(path)).toEqual({
      success: true,
      value: { name: 'steps.json', baseDirectory: directory, steps: [{ text: 'Hi.' }] },
    });
  });

  it('names the file and the field of an invalid script', async () => {
    const path = join(directory, 'typo.json');
    await writeFile(path, JSON.stringify({ steps: [{ txet: 'typo' }] }));
    expect(await loadFakeLlmScript(path)).toEqual({
      success: false,
      error: expect.stringMatching(/typo\.json: steps\[0\]\.txet: unknown field/u) as string,
    });
  });

  it('says when the file is not valid YAML or cannot be read', async () => {
    const path = join(directory, 'broken.yml');
    await writeFile(path, 'steps: [unclosed');
    expect(await loadFakeLlmScript(path)).toEqual({
      success: false,
      error: expect.stringContaining('is not valid YAML') as string,
    });
    expect(await loadFakeLlmScript(join(directory, 'missing.json'))).toEqual({
      success: false,
      error: expect.stringContaining('Cannot read') as string,
    });
  });
});
