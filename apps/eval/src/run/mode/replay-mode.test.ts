import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../record/read-recording.js';
import { recordingDirectoryOf } from '../../record/recording-directory.js';
import { buildRecording } from '../../record/test-support/build-recording.js';
import { writeRecording } from '../../record/write-recording.js';
import { parseScenarioText } from '../../scenario/load-scenario-file.js';
import { createReplayMode } from './replay-mode.js';
import { messageBody, sendMessage } from './test-support/send-message.js';

const answer = 'event: ping\ndata: {"type":"ping"}\n\n';
const scenario = parseScenarioText({
  file: 'refund.yaml',
  text: [
    'name: refund',
    'servers:',
    '  notes: { tools: [{ name: add_note, responses: [] }] }',
    'turns:',
    '  - user: Where is my order?',
    '',
  ].join('\n'),
});
const fake = createFakeLlm();
const fakeFetch: typeof globalThis.fetch = (input, init) => fake.handle(new Request(input, init));
let directory: string;
let scenarioFile: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-replay-mode-'));
  scenarioFile = join(directory, 'refund.yaml');
  await writeRecording({
    scenarioFile,
    recording: {
      ...buildRecording({ body: messageBody('Where is my order?'), answer }),
      servers: { orders: [{ name: 'find_order', inputSchema: { type: 'object' } }] },
      turns: buildRecording({ body: messageBody('Where is my order?'), answer }).turns.map((turn) => ({
        ...turn,
        toolCalls: [
          {
            server: 'orders',
            tool: 'find_order',
            arguments: { id: 7 },
            result: { content: [{ type: 'text', text: 'shipped' }] },
          },
        ],
      })),
    },
  });
});

afterAll(async () => {
  await fake.close();
  await rm(directory, { recursive: true, force: true });
});

/** A replay of the recording on its own route, and one turn that sends `text`. */
async function replayTurn({ routeId, text }: { routeId: string; text: string }) {
  const mode = createReplayMode({
    recording: await readRecording(scenarioFile),
    directory: recordingDirectoryOf(scenarioFile),
    redaction: {},
    scenario,
    routeId,
    fakeUrl: 'http://fake.test',
    fakeFetch,
    cwd: directory,
  });
  const route = fake.script(routeId, { name: 'refund', steps: [...mode.steps] });
  const turn = mode.startTurn({ index: 0, route, sides: {} });
  const sent = await sendMessage({ endpoint: mode.endpoint(), text });
  return { mode, sent, ...turn.finish({ user: 'Where is my order?' }) };
}

describe('createReplayMode', () => {
  it('names the recorded turns a run never reached as a drift, once its last turn is graded', async () => {
    const recording = await readRecording(scenarioFile);
    const mode = createReplayMode({
      recording: { ...recording, turns: [...recording.turns, ...recording.turns] },
      directory: recordingDirectoryOf(scenarioFile),
      redaction: {},
      scenario,
      routeId: 'short',
      fakeUrl: 'http://fake.test',
      fakeFetch,
      cwd: directory,
    });
    const route = fake.script('short', { name: 'refund', steps: [...mode.steps] });
    const turn = mode.startTurn({ index: 0, route, sides: {} });
    await sendMessage({ endpoint: mode.endpoint(), text: 'Where is my order?' });
    turn.finish({ user: 'Where is my order?' });

    expect(mode.finishSides?.()).toEqual([
      {
        path: 'turns[1]',
        message:
          'the recording has 2 turns; the run had 1 (the conversation ended sooner, or the scenario has fewer turns); re-record with --update',
        expected: 2,
        actual: 1,
        kind: 'drift',
        drifted: 'agent',
      },
    ]);
  });

  it('answers a turn with the recorded stream, and a request the same as the recorded one is no failure', async () => {
    const { sent, received, failures } = await replayTurn({ routeId: 'same', text: 'Where is my order?' });

    expect(sent).toEqual({ status: 200, body: answer });
    expect(received).toHaveLength(1);
    expect(failures).toEqual([]);
  });

  it('fails a turn whose request differs from the recorded one as a drift, with both bodies', async () => {
    const { failures } = await replayTurn({ routeId: 'drifted', text: 'Where is my refund?' });

    expect(failures).toEqual([
      {
        path: 'turns[0]',
        message:
          'model request 1 of the turn differs from the recording (the agent changed, or the recording is stale); re-record with --update',
        kind: 'drift',
        drifted: 'agent',
        expected: messageBody('Where is my order?'),
        actual: messageBody('Where is my refund?'),
      },
    ]);
  });

  it("starts the scenario's own servers and, in place of the recording's real ones, mocks that answer as they did", async () => {
    const { mode } = await replayTurn({ routeId: 'servers', text: 'Where is my order?' });

    const { servers, onMessage } = mode.servers(scenario.servers);

    expect(Object.keys(servers ?? {})).toEqual(['notes', 'orders']);
    expect(servers?.orders).toEqual({
      transport: 'memory',
      protocol: 'both',
      tools: [
        {
          name: 'find_order',
          inputSchema: { type: 'object' },
          responses: [{ match: { id: 7 }, times: 1, content: [{ type: 'text', text: 'shipped' }] }],
        },
      ],
    });
    expect(onMessage).toBeUndefined();
  });
});
