import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRecording } from '../../record/read-recording.js';
import { hasRecording } from '../../record/recording-directory.js';
import { parseScenarioText } from '../../scenario/load-scenario-file.js';
import { createLiveMode } from './live-mode.js';
import { createRecordMode } from './record-mode.js';
import { messageBody, sendMessage } from './test-support/send-message.js';
import { plantedKey, startLiveApi } from './test-support/start-live-api.js';

const scenario = parseScenarioText({
  file: 'refund.yaml',
  text: 'name: refund\nturns:\n  - user: Where is my order?\n',
});
const fake = createFakeLlm([]);
let api: Awaited<ReturnType<typeof startLiveApi>>;
let directory: string;

beforeEach(async () => {
  api = await startLiveApi({ text: 'It shipped.' });
  directory = await mkdtemp(join(tmpdir(), 'toolloop-record-mode-'));
});

afterEach(async () => {
  await api.close();
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await fake.close();
});

/** A recorded live run of the scenario whose one turn sent one request. */
async function recordOneTurn() {
  const common = { scenario, routeId: 'r1', cwd: directory };
  const live = createLiveMode({ ...common, proxy: api.proxy, upstream: api.upstream, secrets: [] });
  const mode = createRecordMode({
    ...common,
    live,
    proxy: api.proxy,
    record: { scenarioFile: join(directory, 'refund.yaml'), redaction: {} },
  });
  const turn = mode.startTurn({ index: 0, route: fake.getScript(), sides: {} });
  await sendMessage({ endpoint: mode.endpoint(), text: 'Where is my order?' });
  const ended = turn.finish({ user: 'Where is my order?' });
  return { mode, ended };
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('createRecordMode', () => {
  it('runs live as it is: its turns and its secrets are those of the live run', async () => {
    const { mode, ended } = await recordOneTurn();

    expect(mode.source).toBe('live');
    expect(ended.received.map((request) => request.body)).toEqual([messageBody('Where is my order?')]);
    expect(mode.secrets()).toEqual([plantedKey]);
  });

  it("writes a run that passed beside the scenario file, each turn's requests and answers, with no key", async () => {
    const { mode } = await recordOneTurn();

    const outcome = await mode.finish('passed');

    expect(outcome).toEqual({ type: 'written', directory: 'refund.recording' });
    const recording = await readRecording(join(directory, 'refund.yaml'));
    expect(recording.turns.map((turn) => turn.user)).toEqual(['Where is my order?']);
    expect(recording.turns[0]?.models.map((exchange) => exchange.request.body)).toEqual([
      messageBody('Where is my order?'),
    ]);
    const texts = await Promise.all((await filesUnder(directory)).map((file) => readFile(file, 'utf8')));
    expect(texts.some((text) => text.includes('It shipped.'))).toBe(true);
    expect(texts.some((text) => text.includes(plantedKey))).toBe(false);
  });

  it('writes nothing for a run that failed, and says the recording from before is kept', async () => {
    const { mode } = await recordOneTurn();

    const outcome = await mode.finish('failed');

    expect(outcome).toEqual({ type: 'kept', directory: 'refund.recording', previous: false });
    expect(await hasRecording(join(directory, 'refund.yaml'))).toBe(false);
  });

  it('writes nothing and says nothing for a run past its deadline', async () => {
    const { mode } = await recordOneTurn();

    const outcome = await mode.finish('abandoned');

    expect(outcome).toBeUndefined();
    expect(await filesUnder(directory)).toEqual([]);
  });
});
