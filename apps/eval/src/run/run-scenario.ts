import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { JsonValue } from '@toolloop/core';
import type { FakeLlm, RecordedRequest } from '@toolloop/fake-llm';
import { checkDrift } from '../record/check-drift.js';
import { createMcpRecorder, type McpRecorder } from '../record/create-mcp-recorder.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import type { Recording, RecordedModelExchange } from '../record/recording.js';
import { saveLiveRecording } from '../record/save-live-recording.js';
import type { ModelProxy, ProxyUpstream } from '../record/start-model-proxy.js';
import { toReplayServers } from '../record/to-replay-servers.js';
import { toReplaySteps } from '../record/to-replay-steps.js';
import { checkElicitAnswers } from '../expect/check-elicitations.js';
import { checkTurn } from '../expect/check-turn.js';
import { checkViolations } from '../expect/check-violations.js';
import { createRegularExpressionMatcher } from '../expect/test-regular-expression.js';
import { createSecretRedactor } from '../redact/create-secret-redactor.js';
import { mapStrings } from '../redact/map-strings.js';
import type { ScenarioResult, ScenarioSource, TurnReport } from '../report/run-report.js';
import type { LoadedAgent } from '../scenario/check-scenario-agent.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { createScenarioModel } from './create-scenario-model.js';
import { createTurnRunner } from './create-turn-runner.js';
import { createTurnObserver } from './create-turn-observer.js';
import { serversDeadlineMs, turnDeadlineMs } from './scenario-deadline.js';
import { createScenarioProgress, type ScenarioProgress } from './scenario-progress.js';
import { driveTurn } from './drive-turn.js';
import { createElicitationAnswers } from './create-elicitation-answers.js';
import { startScenarioServers } from './start-scenario-servers.js';
import { summarizeRequest } from './summarize-request.js';

/**
 * Runs one scenario in isolation: its own script on the shared fake LLM (routed by `routeId`), its own MCP
 * servers, and its turns in order as one session. Everything it started is taken down whatever happens; a
 * failure of the runner itself (a server that will not start) is reported as the scenario's `error`. The
 * secrets of URLs (user information, secret-looking parameters) are redacted from every string of the result.
 */
export async function runScenario(options: RunScenarioOptions): Promise<ScenarioResult> {
  const urls = Object.values(options.scenario.servers ?? {}).flatMap((server) =>
    'url' in server ? [server.url] : [],
  );
  // Reports, the pretty reporter and the HTML timeline all start from this result: no URL secret goes past here.
  const secrets = options.mode?.type === 'live' ? options.mode.secrets : [];
  return mapStrings(await runWithinDeadline(options), createSecretRedactor({ urls, secrets }));
}

/**
 * The scenario's run, or, when a deadline passes first, a failure naming the step it was in: the turn under way
 * is aborted and the scenario's servers close once it lets go, but the result does not wait for that.
 */
async function runWithinDeadline(options: RunScenarioOptions): Promise<ScenarioResult> {
  const startedAt = performance.now();
  const { progress, overdue, clear } = createScenarioProgress({ timeoutMs: options.timeoutMs });
  try {
    const result = await Promise.race([runUnredacted({ ...options, progress }), overdue]);
    if ('status' in result) return result;
    return {
      name: options.scenario.name,
      file: options.file,
      tags: options.scenario.tags ?? [],
      source: sourceOf(options.mode ?? { type: 'scripted' }),
      status: 'failed',
      durationMs: elapsed(startedAt),
      turns: [...progress.turns],
      failures: [...progress.failures, result],
      ...totalsOf(progress.turns),
    };
  } finally {
    clear();
  }
}

/** What `runScenario` needs: the scenario, where it is, and the shared fake LLM with its route. */
export interface RunScenarioOptions {
  scenario: Scenario;
  /** The file as reports show it. */
  file: string;
  /** Where the file is: relative paths in it (`replay`, a command server's `command`, `args` and `cwd`) start here. */
  directory: string;
  /** The run's directory: files are shown relative to it. */
  cwd: string;
  fake: FakeLlm;
  fakeUrl: string;
  /** Carries requests to `fake` in this process, without a socket (`fake.handle`). */
  fakeFetch?: typeof globalThis.fetch;
  /** One JSON Schema validator for the run's MCP clients and mock servers (building one per server is costly). */
  jsonSchemaValidator?: jsonSchemaValidator;
  routeId: string;
  /** The agent under test, loaded, when the scenario runs one. */
  agent?: LoadedAgent;
  /** Where the model's answers come from. Default: the scenario's `llm` script. */
  mode?: ScenarioMode;
  /** How long the whole scenario may run. Default: each step its own time (`turnDeadlineMs`, `serversDeadlineMs`). */
  timeoutMs?: number;
}

/**
 * Where a scenario's model answers come from: its `llm` script on the fake LLM; its recording, replayed through
 * the fake LLM and mock servers with every request checked against the recorded one; or the real API through
 * the live proxy, recorded beside the scenario file when `record` says so.
 */
export type ScenarioMode =
  | { type: 'scripted' }
  | { type: 'replay'; recording: Recording; scenarioFile: string; redaction: RecordingRedaction }
  | {
      type: 'live';
      proxy: ModelProxy;
      upstream: ProxyUpstream;
      /** Values never written anywhere (the run's keys). */
      secrets: readonly string[];
      record?: { scenarioFile: string; redaction: RecordingRedaction };
    };

async function runUnredacted({
  scenario,
  file,
  directory,
  cwd,
  fake,
  fakeUrl,
  fakeFetch,
  jsonSchemaValidator,
  routeId,
  agent,
  mode = { type: 'scripted' },
  progress,
}: RunScenarioOptions & { progress: ScenarioProgress }): Promise<ScenarioResult> {
  const startedAt = performance.now();
  const base = { name: scenario.name, file, tags: scenario.tags ?? [], source: sourceOf(mode) };
  const route = fake.script(routeId, {
    name: scenario.name,
    steps:
      mode.type === 'replay'
        ? toReplaySteps({ recording: mode.recording, scenarioFile: mode.scenarioFile })
        : scenario.turns.flatMap((turn) => turn.llm),
    baseDirectory: directory,
    // Ollama's stream has its own quirks; a text-only model gets its tool calls written as XML blocks.
    ...(scenario.provider === 'ollama' ? { dialect: 'ollama' as const } : {}),
    ...(scenario.provider === 'xml' ? { toolFormat: 'xml' as const } : {}),
  });
  const { turns, failures } = progress;
  const turnStarts: number[] = [];
  progress.enter({
    path: '(root)',
    during: 'while starting its servers',
    overdue: 'its servers and agent did not start',
    deadlineMs: serversDeadlineMs,
  });
  try {
    if (mode.type === 'scripted' && scenario.turns.every((turn) => turn.llm.length === 0))
      throw new Error(
        'This scenario has no `llm` steps and no recording: run it live (--live), or record it (toolloop-eval record).',
      );
    const live = mode.type === 'live' ? mode : undefined;
    const baseURL =
      live === undefined
        ? `${fakeUrl}/scenario/${encodeURIComponent(routeId)}`
        : live.proxy.route(routeId, {
            upstream: live.upstream,
            // The fake's chat completions path has a /v1 of its own; a live base URL for chat completions ends with it.
            stripPrefix: scenario.provider === 'anthropic' ? '' : '/v1',
          });
    // The runner's own models reach the fake in process; an agent that builds its clients from `baseURL` (a
    // session config) and the live proxy go over the network.
    const endpoint =
      live === undefined && fakeFetch !== undefined ? { baseURL, fetch: fakeFetch } : { baseURL };
    const elicitation = createElicitationAnswers();
    const realServers = new Set(
      Object.entries(scenario.servers ?? {}).flatMap(([name, server]) =>
        'command' in server || 'url' in server ? [name] : [],
      ),
    );
    const recorder: McpRecorder | undefined =
      live?.record === undefined ? undefined : createMcpRecorder({ servers: realServers });
    const servers = await startScenarioServers({
      servers:
        mode.type === 'replay'
          ? { ...scenario.servers, ...toReplayServers(mode.recording) }
          : scenario.servers,
      samplingModel: createScenarioModel({ scenario, endpoint }),
      onElicitation: elicitation.handler,
      // Paths in a scenario start at its file, as `agent` and `replay` do: the same in the CLI and in vitest.
      cwd: directory,
      ...(jsonSchemaValidator === undefined ? {} : { jsonSchemaValidator }),
      ...(recorder === undefined
        ? {}
        : {
            onMessage: (record) => {
              recorder.onMessage(record);
            },
          }),
    });
    const exchangesOf = () => (live === undefined ? [] : live.proxy.exchanges(routeId));
    const recordedTurns: Recording['turns'] = [];
    // One time budget for every regular expression of the scenario's expectations, all turns together.
    const matcher = createRegularExpressionMatcher();
    let observer = createTurnObserver();
    const runner = await createTurnRunner({
      scenario,
      agent: agent?.agent,
      endpoint,
      tools: servers.source === undefined ? [] : [servers.source],
      onRequest: (request) => {
        observer.onRequest(request);
      },
      onElicitation: elicitation.handler,
      cwd,
    }).catch(async (error: unknown) => {
      await servers.close();
      throw error;
    });
    try {
      for (const [turnIndex, turn] of scenario.turns.entries()) {
        // Past the deadline, the scenario's result is out: it starts nothing more, and closes what it started.
        progress.signal.throwIfAborted();
        const named = `turn ${turnIndex + 1}${turn.user === undefined ? '' : ` (${quoteText(turn.user)})`}`;
        progress.enter({
          path: `turns[${turnIndex}]`,
          during: `in ${named}`,
          overdue: `${named} did not end`,
          deadlineMs: turnDeadlineMs({ scenario, agent: agent?.agent, turn }),
        });
        turnStarts.push(route.requests.length);
        const exchangeStart = exchangesOf().length;
        const toolCallStart = recorder?.toolCalls().length ?? 0;
        observer = createTurnObserver();
        elicitation.startTurn(turn.elicit ?? []);
        const run = driveTurn({ runner, turn, signal: progress.signal });
        const observation = await observer.observe(run);
        await fake.waitForIdle();
        const elicited = elicitation.finishTurn();
        const { result } = observation;
        const exchanges = exchangesOf().slice(exchangeStart);
        const received =
          live === undefined
            ? route.requests.slice(turnStarts[turnIndex])
            : exchanges.map((exchange, index) => toRecordedRequest({ exchange, index, routeId }));
        if (recorder !== undefined)
          recordedTurns.push({
            ...(turn.user === undefined ? {} : { user: turn.user }),
            models: [...exchanges],
            toolCalls: recorder.toolCalls().slice(toolCallStart),
          });
        const report: TurnReport = {
          user: turn.user ?? '(continues the paused turn with its approvals)',
          stopReason: result.stopReason,
          rounds: result.rounds,
          iterations: result.iterations,
          toolCalls: result.toolCalls,
          text: result.text,
          thinking: observation.thinking,
          usage: result.usage,
          ...(result.cost === undefined ? {} : { cost: result.cost.total }),
          durationMs: result.durationMs,
          timeline: observation.timeline,
          requests: received.map((request, index) =>
            summarizeRequest(
              request,
              index,
              route.streams.find((stream) => stream.requestIndex === request.index),
            ),
          ),
          elicitations: elicited.records,
        };
        turns.push(report);
        if (mode.type === 'replay')
          failures.push(
            ...checkDrift({
              recorded: mode.recording.turns[turnIndex]?.models.map((exchange) => exchange.request) ?? [],
              sent: received.map((request) => request.body as JsonValue),
              path: `turns[${turnIndex}]`,
              bodyFields: mode.redaction.bodyFields ?? [],
            }),
          );
        failures.push(...checkElicitAnswers({ elicited, path: `turns[${turnIndex}].elicit` }));
        failures.push(
          ...checkTurn({
            expectation: turn.expect,
            path: `turns[${turnIndex}].expect`,
            observation,
            report,
            violations: route.violations,
            requestOffset: turnStarts[turnIndex] ?? 0,
            approvals: run.approvals,
            matcher,
          }),
        );
      }
    } finally {
      progress.enter({
        path: '(root)',
        during: 'while closing its servers',
        overdue: 'its servers and agent did not close',
        deadlineMs: serversDeadlineMs,
      });
      await runner.close();
      await servers.close();
    }
    failures.push(...checkViolations({ violations: route.violations, turnStarts }));
    const recording =
      // Past its deadline, the scenario's result is out: what it recorded is not kept.
      live?.record === undefined || progress.signal.aborted
        ? undefined
        : await saveLiveRecording({
            ...live.record,
            cwd,
            secrets: live.secrets,
            recorded:
              failures.length > 0 || recorder === undefined
                ? undefined
                : { scenario, servers: recorder.servers(), turns: recordedTurns },
          });
    return {
      ...base,
      status: failures.length === 0 ? 'passed' : 'failed',
      durationMs: elapsed(startedAt),
      turns,
      failures,
      ...totalsOf(turns),
      ...(recording === undefined ? {} : { recording }),
    };
  } catch (error) {
    return {
      ...base,
      status: 'failed',
      durationMs: elapsed(startedAt),
      turns,
      failures,
      error:
        error instanceof Error
          ? { message: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }) }
          : { message: String(error) },
      // A run that ended in a runner error writes no recording.
      ...(mode.type === 'live' && mode.record !== undefined
        ? { recording: await saveLiveRecording({ ...mode.record, cwd, secrets: mode.secrets }) }
        : {}),
    };
  }
}

/** The tokens of every turn together, and their cost when every turn has one. */
function totalsOf(turns: readonly TurnReport[]): Pick<ScenarioResult, 'tokens' | 'cost'> {
  const costs = turns.map((turn) => turn.cost);
  return {
    tokens: {
      input: turns.reduce((total, turn) => total + turn.usage.inputTokens, 0),
      output: turns.reduce((total, turn) => total + turn.usage.outputTokens, 0),
    },
    ...(turns.length > 0 && costs.every((cost) => cost !== undefined)
      ? { cost: costs.reduce((total, cost) => total + cost, 0) }
      : {}),
  };
}

/** A live request in the shape the fake LLM keeps its requests, for the same report and expectations. */
function toRecordedRequest({
  exchange,
  index,
  routeId,
}: {
  exchange: RecordedModelExchange;
  index: number;
  routeId: string;
}): RecordedRequest {
  const body = exchange.request.body;
  return {
    scenarioId: routeId,
    index,
    method: exchange.request.method,
    path: exchange.request.path,
    headers: {},
    body,
    bodyBytes: Buffer.byteLength(JSON.stringify(body)),
    stream: typeof body === 'object' && body !== null && !Array.isArray(body) && body.stream === true,
    summarized: false,
  };
}

function sourceOf(mode: ScenarioMode): ScenarioSource {
  switch (mode.type) {
    case 'scripted':
      return 'script';
    case 'replay':
      return 'recording';
    case 'live':
      return 'live';
    default: {
      const unexpected: never = mode;
      throw new Error(`Unknown scenario mode ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A user's message as a failure quotes it: on one line, cut short. */
function quoteText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `'${line.length > 60 ? `${line.slice(0, 59)}…` : line}'`;
}

function elapsed(startedAt: number): number {
  return Math.round(performance.now() - startedAt);
}
