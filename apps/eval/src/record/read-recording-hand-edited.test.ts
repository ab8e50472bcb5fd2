import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRecording } from './read-recording.js';
import { RecordingFileError } from './recording-file-error.js';
import { buildRecording } from './test-support/build-recording.js';
import { writeRecording } from './write-recording.js';

let directory: string;
let scenarioFile: string;
const at = (path: string) => join(directory, 'refund.recording', path);

beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolloop-hand-edited-')));
  scenarioFile = join(directory, 'refund.yaml');
  const recording = buildRecording({ body: { model: 'claude-haiku-4-5', max_tokens: 64 } });
  const [turn] = recording.turns;
  if (turn === undefined) throw new Error('buildRecording has one turn');
  const call = { server: 'orders', tool: 'find_order', arguments: { id: 7 }, result: { content: [] } };
  await writeRecording({
    scenarioFile,
    recording: { ...recording, turns: [{ ...turn, toolCalls: [call] }] },
  });
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Each line of the `RecordingFileError` that reading the recording fails with. */
async function problemsOf(): Promise<string[]> {
  const error = await readRecording(scenarioFile, { cwd: directory }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!RecordingFileError.isInstance(error))
    throw new Error(`expected a RecordingFileError, got ${String(error)}`);
  return error.message.split('\n');
}

/** Rewrites the JSON file at `path` with `edit` applied to its value. */
async function editJson(path: string, edit: (value: Record<string, unknown>) => Record<string, unknown>) {
  const value = JSON.parse(await readFile(at(path), 'utf8')) as Record<string, unknown>;
  await writeFile(at(path), JSON.stringify(edit(value), null, 2));
}

describe('readRecording of a recording cut short or edited by hand', () => {
  it('names the file, line and column where a request file that was cut short ends', async () => {
    const text = await readFile(at('turn-1/model-1.request.json'), 'utf8');
    await writeFile(at('turn-1/model-1.request.json'), text.slice(0, Math.floor(text.length / 2)));

    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.request.json:5:4 (root): not valid JSON: Unterminated string.',
    ]);
  });

  it('names each field of a request edited into the wrong kind of value', async () => {
    await editJson('turn-1/model-1.request.json', (request) => ({
      ...request,
      method: 5,
      path: 'v1/messages',
    }));

    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.request.json:2:13 method: Invalid input: expected string, received number',
      'refund.recording/turn-1/model-1.request.json:3:11 path: Invalid string: must start with "/"',
    ]);
  });

  it('names a field of the index whose name was misspelt, and the one it misses', async () => {
    await editJson('recording.json', ({ scenario, ...index }) => ({ ...index, scenrio: scenario }));

    expect(await problemsOf()).toEqual([
      "refund.recording/recording.json:1:1 scenario: Missing required field 'scenario' (string).",
      "refund.recording/recording.json:14:3 scenrio: Unknown field 'scenrio'.",
    ]);
  });

  it('names the file of a model request the index counts but the recording does not have', async () => {
    await editJson('recording.json', (index) => ({
      ...index,
      turns: [{ user: 'Where is my order?', models: 2, toolCalls: 1 }],
    }));

    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-2.request.json (root): this part of the recording is missing. Record it again (toolloop-eval record).',
    ]);
  });

  it('names the tool calls file when it holds fewer calls than the index counts', async () => {
    await editJson('recording.json', (index) => ({
      ...index,
      turns: [{ user: 'Where is my order?', models: 1, toolCalls: 2 }],
    }));

    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/tool-calls.jsonl (root): holds 1 tool calls; recording.json says turn 1 has 2.',
    ]);
  });

  it('names the line of a tool call edited to have both a result and an error', async () => {
    await writeFile(
      at('turn-1/tool-calls.jsonl'),
      '{"server":"orders","tool":"find_order","arguments":{},"result":{"content":[]},"error":{"code":-32603}}\n',
    );

    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/tool-calls.jsonl:1 (root): a tool call has a result or an error, one of them',
    ]);
  });
});
