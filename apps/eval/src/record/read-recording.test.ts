import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, realpath, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRecording } from './read-recording.js';
import { RecordingFileError } from './recording-file-error.js';
import type { JsonValue } from '@toolloop/core';
import type { Recording } from './recording.js';
import { buildRecording } from './test-support/build-recording.js';
import { writeRecording } from './write-recording.js';

const recording: Recording = {
  version: 1,
  scenario: 'refund',
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  servers: { orders: [{ name: 'find_order', inputSchema: { type: 'object' } }] },
  turns: [
    {
      user: 'Where is my order?',
      models: [
        {
          request: {
            method: 'POST',
            path: '/v1/messages',
            headers: { 'anthropic-version': '2023-06-01' },
            body: { model: 'claude-haiku-4-5', messages: [{ role: 'user', content: 'Where is my order?' }] },
          },
          response: {
            type: 'stream',
            status: 200,
            contentType: 'text/event-stream',
            body: Buffer.from('event: ping\ndata: {"type":"ping"}\n\n'),
          },
        },
        {
          request: { method: 'POST', path: '/v1/messages', headers: {}, body: { model: 'claude-haiku-4-5' } },
          response: {
            type: 'error',
            status: 429,
            headers: { 'retry-after': '3' },
            body: '{"type":"error","error":{"type":"rate_limit_error","message":"Slow down."}}',
          },
        },
      ],
      toolCalls: [
        {
          server: 'orders',
          tool: 'find_order',
          arguments: { id: 7 },
          result: { content: [{ type: 'text', text: 'shipped' }] },
        },
      ],
    },
  ],
};

let directory: string;
let scenarioFile: string;
const at = (path: string) => join(directory, 'refund.recording', path);

beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolloop-read-recording-')));
  scenarioFile = join(directory, 'refund.yaml');
  await writeFile(scenarioFile, 'name: refund\n');
  await writeRecording({ scenarioFile, recording });
});

afterEach(async () => {
  // A reader that waits on a FIFO (the fault these tests guard against) gets its end of file and lets go.
  const writer = await open(
    at('turn-1/model-1.response.sse'),
    constants.O_WRONLY | constants.O_NONBLOCK,
  ).catch(() => undefined);
  await writer?.close();
  await rm(directory, { recursive: true, force: true });
});

/** The problems `readRecording` reports, as `file path: message` lines with files relative to the scenario's directory. */
async function problemsOf(): Promise<string[]> {
  const error = await readRecording(scenarioFile, { cwd: directory }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!RecordingFileError.isInstance(error))
    throw new Error(`expected a RecordingFileError, got ${String(error)}`);
  return error.message.split('\n');
}

describe('readRecording', () => {
  it('reads back what writeRecording wrote', async () => {
    expect(await readRecording(scenarioFile)).toEqual(recording);
  });

  it('refuses a request file that holds a list, naming the file', async () => {
    await writeFile(at('turn-1/model-1.request.json'), '[]\n');
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.request.json (root): expected an object with method, path, headers and body, not a list.',
    ]);
  });

  it('refuses null in place of the index, naming the file', async () => {
    await writeFile(at('recording.json'), 'null\n');
    expect(await problemsOf()).toEqual([
      'refund.recording/recording.json (root): expected an object with format, version, scenario, provider, model, servers and turns, not null.',
    ]);
  });

  it('refuses "turns": 5 rather than reading it as no turns', async () => {
    const index = JSON.parse(await readFile(at('recording.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(at('recording.json'), JSON.stringify({ ...index, turns: 5 }, null, 2));
    expect(await problemsOf()).toEqual([
      'refund.recording/recording.json:17:12 turns: Invalid input: expected array, received number',
    ]);
  });

  it('reports JSON that cannot be read with the line and column of the fault', async () => {
    const index = await readFile(at('recording.json'), 'utf8');
    // A comma dropped after the "scenario" field (line 4).
    await writeFile(at('recording.json'), index.replace('"refund",', '"refund"'));
    expect(await problemsOf()).toEqual([
      "refund.recording/recording.json:5:3 (root): not valid JSON: Expected ',' or '}' after property value.",
    ]);
  });

  it('reports JSON that names no position of its fault with the line and column too', async () => {
    await writeFile(
      at('turn-1/model-1.request.json'),
      '{\n  "method": "POST",\n  "path": "/v1/messages",\n  "headers": {},\n  "body": tru}\n',
    );
    expect(await problemsOf()).toEqual([
      "refund.recording/turn-1/model-1.request.json:5:14 (root): not valid JSON: Unexpected token '}'.",
    ]);
  });

  it('reports a tool call line that is not JSON with its line and column', async () => {
    await writeFile(
      at('turn-1/tool-calls.jsonl'),
      '{"server":"orders","tool":"find_order","arguments":{},"result":{"content":[]}}\n{"server": orders}\n',
    );
    expect(await problemsOf()).toEqual([
      "refund.recording/turn-1/tool-calls.jsonl:2:12 (root): not valid JSON: Unexpected token 'o'.",
    ]);
  });

  it('refuses a recording of another version, saying to record it again', async () => {
    const index = JSON.parse(await readFile(at('recording.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(at('recording.json'), JSON.stringify({ ...index, version: 4, pages: [] }));
    expect(await problemsOf()).toEqual([
      'refund.recording/recording.json version: format version 4; this runner reads versions 1, 2, 3. Record it again (toolloop-eval record).',
    ]);
  });

  it('writes a recording of server-sent events only as version 1, which older runners read', async () => {
    const index = JSON.parse(await readFile(at('recording.json'), 'utf8')) as Record<string, unknown>;
    expect(index.version).toBe(1);
  });

  it("keeps Ollama's NDJSON and Bedrock's binary event stream in files of their own, as version 2, and reads back their bytes and content types", async () => {
    // An AWS event stream frame's bytes, with a zero, bytes that are not UTF-8 and a CRC: all must come back.
    const binary = Buffer.from([0x00, 0x00, 0x00, 0x5c, 0xff, 0xfe, 0x0d, 0x0a, 0x80, 0x7f, 0xc3, 0x28]);
    const ndjson = Buffer.from(
      '{"message":{"role":"assistant","content":"Hi"},"done":false}\n{"done":true}\n',
    );
    const answers = [
      { contentType: 'application/vnd.amazon.eventstream', body: binary, file: 'model-1.response.bin' },
      { contentType: 'application/x-ndjson', body: ndjson, file: 'model-1.response.ndjson' },
    ];
    for (const { contentType, body, file } of answers) {
      const stream = buildRecording();
      const [turn] = stream.turns;
      const [exchange] = turn?.models ?? [];
      if (turn === undefined || exchange === undefined) throw new Error('buildRecording has one request');
      const written: Recording = {
        ...stream,
        version: 2,
        turns: [
          {
            ...turn,
            models: [{ ...exchange, response: { type: 'stream', status: 200, contentType, body } }],
          },
        ],
      };
      await writeRecording({ scenarioFile, recording: written });
      expect(await readFile(at(`turn-1/${file}`))).toEqual(body);
      expect(JSON.parse(await readFile(at('recording.json'), 'utf8'))).toMatchObject({ version: 2 });
      expect(await readRecording(scenarioFile)).toEqual(written);
    }
  });

  it("keeps each wire's recording in a directory of the wire's name, apart from the scenario's own", async () => {
    const wired = buildRecording({ answer: 'data: {"wire":"gemini"}\n\n' });
    await writeRecording({ scenarioFile, wire: 'gemini', recording: wired });
    expect(await readFile(at('gemini/turn-1/model-1.response.sse'), 'utf8')).toBe(
      'data: {"wire":"gemini"}\n\n',
    );
    expect(await readRecording(scenarioFile, { wire: 'gemini' })).toEqual(wired);
    expect(await readRecording(scenarioFile)).toEqual(recording);
  });

  it('refuses an error file without the fields the writer writes, naming each', async () => {
    await writeFile(
      at('turn-1/model-2.error.json'),
      JSON.stringify({ status: 429, 'retry-after': 3, body: 'Slow down.' }, null, 2),
    );
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-2.error.json:1:1 type: Invalid input: expected "error"',
      "refund.recording/turn-1/model-2.error.json:1:1 headers: Missing required field 'headers' (record).",
      'refund.recording/turn-1/model-2.error.json:3:3 ["retry-after"]: Unknown field \'retry-after\'.',
    ]);
  });

  it('refuses a tool call line that is not a call, naming the line', async () => {
    await writeFile(
      at('turn-1/tool-calls.jsonl'),
      '{"server":"orders","tool":"find_order","arguments":{},"result":{"content":[]}}\n7\n',
    );
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/tool-calls.jsonl:2 (root): expected an object with server, tool, arguments and result or error, not a number.',
    ]);
  });

  it('refuses an answer recorded both as a stream and as an error, naming both files', async () => {
    await writeFile(
      at('turn-1/model-1.error.json'),
      JSON.stringify({ type: 'error', status: 529, headers: {}, body: 'Overloaded' }),
    );
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.response.sse (root): model-1.error.json is there too, beside it; a request has one answer, a stream or an error. Remove the one that is wrong, or record the scenario again (toolloop-eval record).',
    ]);
  });

  it('refuses a FIFO in place of a recording file without waiting for a writer', async () => {
    await rm(at('turn-1/model-1.response.sse'));
    execFileSync('mkfifo', [at('turn-1/model-1.response.sse')]);
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.response.sse (root): not a regular file.',
    ]);
  });

  it('refuses a recording file over 16 MiB', async () => {
    await truncate(at('turn-1/model-1.response.sse'), 16 * 1024 * 1024 + 1);
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.response.sse (root): the file has 16777217 bytes; a recording file may have at most 16777216 (16 MiB).',
    ]);
  });

  it('refuses a recording file that links outside its recording', async () => {
    await mkdir(join(directory, 'elsewhere'));
    await writeFile(join(directory, 'elsewhere', 'secret.sse'), 'event: ping\ndata: {}\n\n');
    await rm(at('turn-1/model-1.response.sse'));
    await symlink(join(directory, 'elsewhere', 'secret.sse'), at('turn-1/model-1.response.sse'));
    expect(await problemsOf()).toEqual([
      `refund.recording/turn-1/model-1.response.sse (root): it is ${join(directory, 'elsewhere', 'secret.sse')}, outside the recording's directory; a recording keeps its files in it.`,
    ]);
  });

  it('reads back a request body nested 512 levels deep, the most a recording holds', async () => {
    let body: JsonValue = 'deepest';
    for (let level = 0; level < 512; level += 1) body = [body];
    const deep = buildRecording({ body });
    await writeRecording({ scenarioFile, recording: deep });
    expect(await readRecording(scenarioFile)).toEqual(deep);
  });

  it('refuses a request body nested 500,000 levels deep, naming the file and the field', async () => {
    const depth = 500_000;
    await writeFile(
      at('turn-1/model-1.request.json'),
      `{"method":"POST","path":"/v1/messages","headers":{},"body":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    );
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/model-1.request.json body: nested more than 512 levels deep; a recording holds JSON nested at most 512 levels.',
    ]);
  });

  it('refuses a tool call whose arguments nest deeper than 512 levels, naming the line and the field', async () => {
    const depth = 513;
    await writeFile(
      at('turn-1/tool-calls.jsonl'),
      `{"server":"orders","tool":"find_order","arguments":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"result":{"content":[]}}\n`,
    );
    expect(await problemsOf()).toEqual([
      'refund.recording/turn-1/tool-calls.jsonl:1 arguments: nested more than 512 levels deep; a recording holds JSON nested at most 512 levels.',
    ]);
  });
});
