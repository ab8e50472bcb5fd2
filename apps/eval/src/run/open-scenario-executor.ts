import type { LeftoverCheck } from './leftover-check.js';
import { dirname, resolve } from 'node:path';
import { createSharedJsonSchemaValidator } from '@toolloop/core/mcp';
import { createFakeLlm } from '@toolloop/fake-llm';
import { createAgentLoader } from '../agent/create-agent-loader.js';
import type { Agent } from '../agent/define-agent.js';
import type { ScenarioFailure, ScenarioResult } from '../report/run-report.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import { createRecordingLookup, hasRecording } from '../record/recording-directory.js';
import { resolveLiveUpstream, type LiveOptions } from '../record/resolve-live-upstream.js';
import { startModelProxy, type ModelProxy } from '../record/start-model-proxy.js';
import type { LoadedScenario } from '../scenario/load-scenario-file.js';
import { createLeftoverTracker } from '@toolloop/core/testing';
import { addRedaction } from '../record/add-redaction.js';
import { findReplayMode } from './find-replay-mode.js';
import { runScenario, type ScenarioMode } from './run-scenario.js';
import { toErrored } from './to-skipped.js';

/** How the scenarios of a run are answered: scripts and recordings, or the real APIs. */
export interface ExecutorOptions {
  cwd: string;
  live?: (LiveOptions & { record?: boolean }) | undefined;
  update?: LiveOptions | undefined;
  redaction: RecordingRedaction;
  /** Each scenario's deadline; default: its turns' own (`scenarioDeadlineMs`). */
  scenarioTimeoutMs?: number | undefined;
  /**
   * Fail a turn that leaves a timer, and a scenario that leaves something running after it ends, naming it
   * (`createLeftoverTracker`). Default: true.
   */
  leftovers?: LeftoverCheck | undefined;
  /** How far up its scale a judge with no threshold must score (`--min-score`). */
  minScore?: number | undefined;
}

/** Runs one scenario at a time or many at once, each on its own route of one fake LLM. */
export interface ScenarioExecutor {
  /** One run of a scenario; `runId` names its route (unique in the run). Never rejects: a failure is a result. */
  run: (loaded: LoadedScenario, runId: string) => Promise<ScenarioResult>;
  /** Closes the fake LLM and the live proxy, if one started. */
  close: () => Promise<void>;
}

/**
 * What a process running scenarios holds for all of them: one fake LLM (served on a port for out-of-process
 * clients; the runner's own models reach it in process), one JSON Schema validator, and the live proxy once a
 * scenario needs it.
 */
export async function openScenarioExecutor({
  cwd,
  live,
  update,
  redaction,
  scenarioTimeoutMs,
  leftovers = 'turn',
  minScore,
}: ExecutorOptions): Promise<ScenarioExecutor> {
  let startedProxy: Promise<ModelProxy> | undefined;
  const proxy = () => (startedProxy ??= startModelProxy());
  // Recordings are written only by live runs and --update; otherwise each directory is listed once.
  const findRecording = live === undefined && update === undefined ? createRecordingLookup() : hasRecording;
  const modeOf = async (loaded: LoadedScenario): Promise<ScenarioMode> => {
    const scenarioFile = resolve(cwd, loaded.file);
    if (live !== undefined)
      return liveMode({
        loaded,
        scenarioFile,
        proxy: await proxy(),
        live,
        record: live.record === true,
        redaction,
      });
    const replay = await findReplayMode({
      scenarioFile,
      scenario: loaded.scenario,
      cwd,
      redaction,
      findRecording,
    });
    if (replay !== undefined) return replay;
    // --update: a scenario with nothing to answer it (no `llm` steps, no recording) is recorded, live.
    if (update !== undefined && loaded.scenario.turns.every((turn) => turn.llm.length === 0))
      return liveMode({ loaded, scenarioFile, proxy: await proxy(), live: update, record: true, redaction });
    return { type: 'scripted' };
  };

  const fake = createFakeLlm();
  // Schemas compiled once for the whole run (equal schemas share one form; memory stays bounded).
  const jsonSchemaValidator = createSharedJsonSchemaValidator();
  // Out-of-process clients (command servers that sample, agents' own clients) need the port; the runner's
  // models reach the fake without it.
  const server = await fake.serve();
  const fakeFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    // As over the network, the answer starts no sooner than the next turn of the event loop: a turn's
    // timeline places each request after the events read by then.
    await new Promise((resolve) => setImmediate(resolve));
    return fake.handle(request);
  };
  const tracker = leftovers === 'off' ? undefined : createLeftoverTracker({ cwd });
  // The result holds what it needs of its route: the fake then forgets it, so memory stays flat.
  const runAndForget = async (options: Parameters<typeof runScenario>[0]) => {
    const ran =
      tracker === undefined
        ? await runScenario(options)
        : await tracker.run(options.routeId, () =>
            runScenario(leftovers === 'turn' ? { ...options, leftoverTracker: tracker } : options),
          );
    fake.removeScript(options.routeId);
    const left = (await tracker?.leftovers(options.routeId)) ?? [];
    if (left.length === 0) return ran;
    const leftover: ScenarioFailure = {
      path: '(root)',
      message: `left running after it ended: ${left.join('; ')}`,
      expected: [],
      actual: left,
    };
    return { ...ran, status: 'failed' as const, failures: [...ran.failures, leftover] };
  };
  // Each run of a scenario (a repeat, the live run of --update after its replay, another scenario of the same
  // agent) starts from an agent module loaded afresh, as in a run of its own: a tool that keeps state in its
  // module would otherwise answer the second run from what the first left, and its recording never replay.
  const used = new WeakSet<Agent>();
  const withFreshAgent = async (loaded: LoadedScenario): Promise<LoadedScenario> => {
    if (loaded.agent === undefined) return loaded;
    let { agent } = loaded.agent;
    if (used.has(agent)) {
      // A loader of its own loads the module again, and every module it imports.
      const again = await createAgentLoader({ cwd }).load(loaded.agent.file);
      if (!again.success) throw new Error(again.issue.message);
      agent = again.agent;
    }
    used.add(agent);
    return { ...loaded, agent: { file: loaded.agent.file, agent } };
  };
  const runFresh = async (
    loaded: LoadedScenario,
    options: Omit<Parameters<typeof runScenario>[0], keyof LoadedScenario>,
  ): Promise<ScenarioResult> => {
    const fresh = await withFreshAgent(loaded).catch(toError);
    if (fresh instanceof Error) return toErrored({ loaded, error: fresh });
    return runAndForget({ ...fresh, ...options });
  };

  return {
    async run(loaded, runId) {
      const common = {
        directory: dirname(resolve(cwd, loaded.file)),
        cwd,
        fake,
        fakeUrl: server.url,
        fakeFetch,
        jsonSchemaValidator,
        ...(scenarioTimeoutMs === undefined ? {} : { timeoutMs: scenarioTimeoutMs }),
        ...(minScore === undefined ? {} : { minScore }),
      };
      const mode = await modeOf(loaded).catch(toError);
      let result =
        mode instanceof Error
          ? toErrored({ loaded, error: mode })
          : await runFresh(loaded, { ...common, mode, routeId: runId });
      // --update: a replay that drifted from its recording is recorded again, live; one whose judges alone
      // drifted is graded again, live, with the agent's recording kept.
      const drifts = result.failures.filter((failure) => failure.kind === 'drift');
      if (update !== undefined && drifts.length > 0) {
        const scenarioFile = resolve(cwd, loaded.file);
        const again = await Promise.resolve()
          .then(async (): Promise<ScenarioMode> => {
            const { record, type, ...live } = liveMode({
              loaded,
              scenarioFile,
              proxy: await proxy(),
              live: update,
              record: true,
              redaction,
            });
            return mode instanceof Error ||
              mode.type !== 'replay' ||
              record === undefined ||
              drifts.some((failure) => failure.drifted !== 'judge') ||
              // A simulated conversation runs as long as its goal's judge says: a new grade may change its length.
              loaded.scenario.turns.some((turn) => turn.simulate !== undefined)
              ? { type, ...live, record }
              : { ...mode, regrade: { ...live, record } };
          })
          .catch(toError);
        result =
          again instanceof Error
            ? toErrored({ loaded, error: again })
            : await runFresh(loaded, { ...common, mode: again, routeId: `${runId}u` });
      }
      return result;
    },
    async close() {
      tracker?.close();
      await fake.close();
      if (startedProxy !== undefined) await (await startedProxy).close();
    },
  };
}

function liveMode({
  loaded,
  scenarioFile,
  proxy,
  live,
  record,
  redaction,
}: {
  loaded: LoadedScenario;
  scenarioFile: string;
  proxy: ModelProxy;
  live: LiveOptions;
  record: boolean;
  redaction: RecordingRedaction;
}): Extract<ScenarioMode, { type: 'live' }> {
  const { keys, ...upstream } = resolveLiveUpstream({ provider: loaded.scenario.provider, live });
  return {
    type: 'live',
    proxy,
    upstream,
    secrets: keys,
    ...(record
      ? {
          record: {
            scenarioFile,
            wire: loaded.scenario.wire,
            redaction: addRedaction(redaction, loaded.scenario.redact),
          },
        }
      : {}),
  };
}

/** What a step that failed threw, as an `Error`: the scenario's result then says why it did not run. */
function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
