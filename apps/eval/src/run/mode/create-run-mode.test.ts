import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecording } from '../../record/test-support/build-recording.js';
import { parseScenarioText } from '../../scenario/load-scenario-file.js';
import type { ScenarioMode } from '../scenario-mode.js';
import { createRunMode } from './create-run-mode.js';
import { startLiveApi } from './test-support/start-live-api.js';

const scenario = parseScenarioText({
  file: 'hello.yaml',
  text: 'name: hello\nturns:\n  - user: Hi.\n    llm: [{ text: Hello. }]\n',
});
let api: Awaited<ReturnType<typeof startLiveApi>>;
let directory: string;

beforeEach(async () => {
  api = await startLiveApi({ text: 'Hello.' });
  directory = await mkdtemp(join(tmpdir(), 'toolloop-run-mode-'));
});

afterEach(async () => {
  await api.close();
  await rm(directory, { recursive: true, force: true });
});

/** The mode `createRunMode` builds for `mode`, and what it says and writes for a run that passed. */
async function build(mode: ScenarioMode | undefined) {
  const built = createRunMode({ mode, scenario, routeId: 'm1', fakeUrl: 'http://fake.test', cwd: directory });
  return { source: built.source, written: await built.finish('passed') };
}

describe('createRunMode', () => {
  it("runs a scenario's script when no mode is given, and writes nothing", async () => {
    expect(await build(undefined)).toEqual({ source: 'script', written: undefined });
    expect(await build({ type: 'scripted' })).toEqual({ source: 'script', written: undefined });
  });

  it('replays a recording, and writes nothing', async () => {
    const replay: ScenarioMode = { type: 'replay', recording: buildRecording(), directory, redaction: {} };

    expect(await build(replay)).toEqual({ source: 'recording', written: undefined });
  });

  it('runs live, and writes a recording only when the live run records', async () => {
    const live = { type: 'live', proxy: api.proxy, upstream: api.upstream, secrets: [] } as const;
    const record = { scenarioFile: join(directory, 'hello.yaml'), redaction: {} };

    expect(await build(live)).toEqual({ source: 'live', written: undefined });
    expect(await build({ ...live, record })).toEqual({
      source: 'live',
      written: { type: 'written', directory: 'hello.recording' },
    });
  });
});
