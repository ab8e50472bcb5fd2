import type { FakeLlm } from '@toolloop/fake-llm';
import { checkElicitAnswers } from '../expect/check-elicitations.js';
import { checkTurn } from '../expect/check-turn.js';
import { checkViolations } from '../expect/check-violations.js';
import { createSecretRedactor } from '../redact/create-secret-redactor.js';
import { mapStrings } from '../redact/map-strings.js';
import type { ScenarioFailure, ScenarioResult, TurnReport } from '../report/run-report.js';
import type { LoadedAgent } from '../scenario/check-scenario-agent.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { createScenarioModel } from './create-scenario-model.js';
import { createTurnRunner } from './create-turn-runner.js';
import { createTurnObserver } from './create-turn-observer.js';
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
  return mapStrings(await runUnredacted(options), createSecretRedactor({ urls }));
}

/** What `runScenario` needs: the scenario, where it is, and the shared fake LLM with its route. */
export interface RunScenarioOptions {
  scenario: Scenario;
  /** The file as reports show it. */
  file: string;
  /** Where the file is: relative `replay` paths start here. */
  directory: string;
  /** The run's directory: command servers start here. */
  cwd: string;
  fake: FakeLlm;
  fakeUrl: string;
  routeId: string;
  /** The agent under test, loaded, when the scenario runs one. */
  agent?: LoadedAgent;
}

async function runUnredacted({
  scenario,
  file,
  directory,
  cwd,
  fake,
  fakeUrl,
  routeId,
  agent,
}: RunScenarioOptions): Promise<ScenarioResult> {
  const startedAt = performance.now();
  const base = { name: scenario.name, file, tags: scenario.tags ?? [] };
  const route = fake.script(routeId, {
    name: scenario.name,
    steps: scenario.turns.flatMap((turn) => turn.llm),
    baseDirectory: directory,
    // Ollama's stream has its own quirks; a text-only model gets its tool calls written as XML blocks.
    ...(scenario.provider === 'ollama' ? { dialect: 'ollama' as const } : {}),
    ...(scenario.provider === 'xml' ? { toolFormat: 'xml' as const } : {}),
  });
  const turns: TurnReport[] = [];
  const failures: ScenarioFailure[] = [];
  const turnStarts: number[] = [];
  try {
    const baseURL = `${fakeUrl}/scenario/${encodeURIComponent(routeId)}`;
    const elicitation = createElicitationAnswers();
    const servers = await startScenarioServers({
      servers: scenario.servers,
      samplingModel: createScenarioModel({ scenario, baseURL }),
      onElicitation: elicitation.handler,
      cwd,
    });
    let observer = createTurnObserver();
    const runner = await createTurnRunner({
      scenario,
      agent: agent?.agent,
      baseURL,
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
        turnStarts.push(route.requests.length);
        observer = createTurnObserver();
        elicitation.startTurn(turn.elicit ?? []);
        const run = driveTurn({ runner, turn });
        const observation = await observer.observe(run);
        await fake.waitForIdle();
        const elicited = elicitation.finishTurn();
        const { result } = observation;
        const received = route.requests.slice(turnStarts[turnIndex]);
        const report: TurnReport = {
          user: turn.user ?? '(continues the paused turn with its approvals)',
          stopReason: result.stopReason,
          rounds: result.rounds,
          iterations: result.iterations,
          toolCalls: result.toolCalls,
          text: result.text,
          thinking: observation.thinking,
          usage: result.usage,
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
          }),
        );
      }
    } finally {
      await runner.close();
      await servers.close();
    }
    failures.push(...checkViolations({ violations: route.violations, turnStarts }));
    return {
      ...base,
      status: failures.length === 0 ? 'passed' : 'failed',
      durationMs: elapsed(startedAt),
      turns,
      failures,
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
    };
  }
}

function elapsed(startedAt: number): number {
  return Math.round(performance.now() - startedAt);
}
