import type { jsonSchemaValidator } from '@modelcontextprotocol/client';
import type { LeftoverTracker } from '@toolloop/core/testing';
import type { FakeLlm } from '@toolloop/fake-llm';
import { checkElicitAnswers } from '../expect/check-elicitations.js';
import { checkTurn } from '../expect/check-turn.js';
import { checkViolations } from '../expect/check-violations.js';
import { createRegularExpressionMatcher } from '../expect/test-regular-expression.js';
import { createSecretRedactor } from '../redact/create-secret-redactor.js';
import { listServerSecrets } from '../redact/list-server-secrets.js';
import { mapStrings } from '../redact/map-strings.js';
import type { ScenarioResult } from '../report/run-report.js';
import type { LoadedAgent } from '../scenario/check-scenario-agent.js';
import type { Scenario, ScenarioTurn } from '../scenario/scenario-schema.js';
import { createScenarioModel } from './create-scenario-model.js';
import { scenarioProviders } from './scenario-providers.js';
import { listScenarioModels } from './list-scenario-models.js';
import { createTurnRunner } from './create-turn-runner.js';
import { createTurnObserver } from './create-turn-observer.js';
import { serversDeadlineMs, turnDeadlineMs } from './scenario-deadline.js';
import type { ScenarioProgress } from './scenario-progress.js';
import { quoteUserText } from './quote-user-text.js';
import { runWithinDeadline } from './run-within-deadline.js';
import type { ScenarioMode } from './scenario-mode.js';
import { createRunMode } from './mode/create-run-mode.js';
import type { RunMode, SideRoutes } from './mode/run-mode.js';
import { sumTurnTotals } from './sum-turn-totals.js';
import { driveTurn } from './drive-turn.js';
import { checkJudgeScript } from '../judge/check-judge.js';
import { gradeTurn } from '../judge/grade-turn.js';
import { checkCrash } from '../expect/check-crash.js';
import { openScenarioJudges, type ScenarioJudges } from '../judge/open-scenario-judge.js';
import { createToolRuns } from './count-tool-runs.js';
import { createElicitationAnswers } from './create-elicitation-answers.js';
import { startScenarioServers } from './start-scenario-servers.js';
import { toTurnReport } from './to-turn-report.js';
import { simulateConversation, type RanTurn } from '../side/simulate-conversation.js';
import { openSimulatedUser, type SimulatedUser } from '../side/simulated-user.js';
import type { Expectation } from '../scenario/expectation-schema.js';

export type { ScenarioMode } from './scenario-mode.js';

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
  const mode = createRunMode({
    mode: options.mode,
    scenario: options.scenario,
    routeId: options.routeId,
    fakeUrl: options.fakeUrl,
    fakeFetch: options.fakeFetch,
    cwd: options.cwd,
  });
  const result = await runWithinDeadline({
    timeoutMs: options.timeoutMs,
    scenario: {
      name: options.scenario.name,
      file: options.file,
      tags: options.scenario.tags ?? [],
      source: mode.source,
    },
    run: (progress) => runUnredacted({ ...options, mode, progress }),
  });
  // Reports, the pretty reporter and the HTML timeline all start from this result: no URL secret, key or
  // credential the live proxy signed with goes past here.
  return mapStrings(
    result,
    createSecretRedactor({ urls, secrets: [...mode.secrets(), ...listServerSecrets(options.scenario)] }),
  );
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
  /** How far up its scale a judge with no threshold must score, as a fraction of the scale (`--min-score`). */
  minScore?: number;
  /**
   * Watches what each turn leaves running: a turn that leaves a timer fails (its sockets and processes belong
   * to the scenario's servers, and are judged when the scenario ends, by the caller, under `routeId`).
   */
  leftoverTracker?: LeftoverTracker;
}

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
  mode,
  progress,
  leftoverTracker,
  minScore,
}: Omit<RunScenarioOptions, 'mode'> & {
  mode: RunMode;
  progress: ScenarioProgress;
}): Promise<ScenarioResult> {
  const startedAt = performance.now();
  const base = { name: scenario.name, file, tags: scenario.tags ?? [], source: mode.source };
  const route = fake.script(routeId, {
    name: scenario.name,
    steps: [...mode.steps],
    baseDirectory: directory,
    // Ollama's stream has its own quirks; a text-only model gets its tool calls written as XML blocks.
    ...scenarioProviders[scenario.provider].route,
    ...listScenarioModels(scenario),
  });
  const { turns, failures } = progress;
  const turnStarts: number[] = [];
  let judges: ScenarioJudges | undefined;
  let simulatedUser: SimulatedUser | undefined;
  progress.enter({
    path: '(root)',
    during: 'while starting its servers',
    overdue: 'its servers and agent did not start',
    deadlineMs: serversDeadlineMs,
  });
  try {
    // The runner's own models reach the fake in process; an agent that builds its clients from `baseURL` (a
    // session config) and the live proxy go over the network.
    const endpoint = mode.endpoint();
    const elicitation = createElicitationAnswers();
    const { servers: scenarioServers, onMessage } = mode.servers(scenario.servers);
    // The judges and the simulated user answer on routes of their own, beside the scenario's.
    const beside = { scenario, mode, fake, fakeUrl, fakeFetch, routeId, directory };
    judges = await openScenarioJudges({ ...beside, minScore });
    const simulation = scenario.turns.at(-1)?.simulate;
    simulatedUser = simulation === undefined ? undefined : await openSimulatedUser({ ...beside, simulation });
    const sides: SideRoutes = {
      ...(judges?.route === undefined ? {} : { judges: judges.route }),
      ...(simulatedUser?.route === undefined ? {} : { users: simulatedUser.route }),
    };
    const servers = await startScenarioServers({
      servers: scenarioServers,
      samplingModel: await createScenarioModel({ scenario, endpoint }),
      onElicitation: elicitation.handler,
      // Paths in a scenario start at its file, as `agent` and `replay` do: the same in the CLI and in vitest.
      cwd: directory,
      hostServers: Object.keys(scenario.session?.servers ?? {}),
      ...(jsonSchemaValidator === undefined ? {} : { jsonSchemaValidator }),
      ...(onMessage === undefined ? {} : { onMessage }),
    });
    // One time budget for every regular expression of the scenario's expectations, all turns together.
    const matcher = createRegularExpressionMatcher();
    let observer = createTurnObserver();
    // How many times each call's tool ran, on every host: a crash's new host may run a call again.
    const toolRuns = createToolRuns();
    const runner = await createTurnRunner({
      scenario,
      agent: agent?.agent,
      endpoint,
      tools: servers.source === undefined ? [] : [toolRuns.count(servers.source)],
      toolRuns,
      hostServerUrls: servers.hostServerUrls,
      onHostToolsChanged: servers.onToolsChanged,
      onRequest: (request) => {
        observer.onRequest(request);
      },
      onElicitation: elicitation.handler,
      cwd,
    }).catch(async (error: unknown) => {
      await servers.close();
      throw error;
    });
    /**
     * Runs one turn of the conversation (the scenario's, or one a simulated user wrote), `path` its place in the
     * scenario file: drives it, grades it, checks its expectations, and keeps its report. What it returns checks
     * the turn against another expectation later (a simulated conversation's last turn).
     */
    const runTurn = async ({
      turn,
      path,
      named,
    }: {
      turn: ScenarioTurn;
      path: string;
      named: string;
    }): Promise<RanTurn> => {
      // The turn's place in the run: the mode, the recording and the fake's requests count turns in run order.
      const runIndex = turns.length;
      progress.enter({
        path,
        during: `in ${named}`,
        overdue: `${named} did not end`,
        deadlineMs: turnDeadlineMs({ scenario, agent: agent?.agent, turn }),
      });
      // Changes of a mock's tools at this turn are made, and heard by the client, before its first request.
      await servers.startTurn(runIndex + 1);
      turnStarts.push(route.requests.length);
      const modeTurn = mode.startTurn({ index: runIndex, route, sides });
      observer = createTurnObserver();
      elicitation.startTurn(turn.elicit ?? []);
      const turnLabel = `${routeId} ${path}`;
      const driven = async () => {
        const run = driveTurn({ runner, turn, signal: progress.signal });
        return { run, observation: await observer.observe(run) };
      };
      const { run, observation } =
        leftoverTracker === undefined ? await driven() : await leftoverTracker.run(turnLabel, driven);
      // This scenario's streams only: one another scenario left open must not hold it.
      progress.waitFor(
        `${named} ended, but the fake LLM did not finish answering it (a response the client neither read to its end nor closed, or a request it never finished sending)`,
      );
      await route.waitForIdle();
      const timers = (await leftoverTracker?.leftovers(turnLabel, { timersOnly: true })) ?? [];
      if (timers.length > 0) {
        failures.push({
          path,
          message: `left running after the turn ended: ${timers.join('; ')}`,
          expected: [],
          actual: timers,
        });
      }
      const elicited = elicitation.finishTurn();
      const { received, failures: modeFailures } = modeTurn.finish({ user: turn.user });
      const report = toTurnReport({
        user: turn.user,
        observation,
        received,
        route,
        elicitations: elicited.records,
      });
      if (judges !== undefined) {
        failures.push(
          ...(await gradeTurn({
            judges,
            expectation: turn.expect,
            report,
            before: turns,
            path: `${path}.expect`,
            progress,
            named,
          })),
        );
      }
      turns.push(report);
      failures.push(...modeFailures);
      failures.push(...checkElicitAnswers({ elicited, path: `${path}.elicit` }));
      if (turn.crash !== undefined)
        failures.push(...checkCrash({ point: turn.crash, report: run.crashReport(), path: `${path}.crash` }));
      const check = (expectation: Expectation | undefined, at: string) =>
        checkTurn({
          expectation,
          path: at,
          observation,
          report,
          violations: route.violations,
          requestOffset: turnStarts[runIndex] ?? 0,
          approvals: run.approvals,
          toolRuns: toolRuns.counts,
          matcher,
        });
      failures.push(...check(turn.expect, `${path}.expect`));
      return { report, check };
    };
    try {
      for (const [turnIndex, turn] of scenario.turns.entries()) {
        // Past the deadline, the scenario's result is out: it starts nothing more, and closes what it started.
        progress.signal.throwIfAborted();
        if (turn.simulate !== undefined) {
          if (simulatedUser === undefined || judges === undefined)
            throw new Error('A simulated turn runs with its simulated user and its judge open.');
          failures.push(
            ...(await simulateConversation({
              turn,
              path: `turns[${turnIndex}]`,
              simulation: turn.simulate,
              user: simulatedUser,
              judges,
              turns,
              progress,
              runTurn,
            })),
          );
          continue;
        }
        const named = `turn ${turnIndex + 1}${turn.user === undefined ? '' : ` (${quoteUserText(turn.user)})`}`;
        await runTurn({ turn, path: `turns[${turnIndex}]`, named });
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
    failures.push(...(mode.finishSides?.() ?? []));
    // A live run answers its judges from the real API, as it answers the agent: its script goes unused.
    if (mode.source === 'script') {
      failures.push(...checkJudgeScript({ route: judges?.route, script: scenario.judge?.script }));
    }
    // Past its deadline, the scenario's result is out: what it recorded is not kept.
    const recording = await mode.finish(
      progress.signal.aborted ? 'abandoned' : failures.length > 0 ? 'failed' : 'passed',
    );
    return {
      ...base,
      status: failures.length === 0 ? 'passed' : 'failed',
      durationMs: elapsed(startedAt),
      turns,
      failures,
      ...sumTurnTotals(turns),
      ...(recording === undefined ? {} : { recording }),
    };
  } catch (error) {
    // A run that ended in a runner error writes no recording.
    const recording = await mode.finish('failed');
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
      ...(recording === undefined ? {} : { recording }),
    };
  } finally {
    judges?.close();
    simulatedUser?.close();
  }
}

function elapsed(startedAt: number): number {
  return Math.round(performance.now() - startedAt);
}
