import type { ToolLoopOptions } from '@toolloop/core';
import type { LlmStep } from '@toolloop/fake-llm';
import type { FakeLlm, FakeLlmScriptHandle } from '@toolloop/fake-llm';
import type { TurnReport } from '../report/run-report.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { createScenarioModel, type ModelEndpoint } from '../run/create-scenario-model.js';
import { listScenarioModels } from '../run/list-scenario-models.js';
import { scenarioProviders } from '../run/scenario-providers.js';
import type { ScenarioProvider } from '../scenario/wires.js';
import type { ScenarioSource } from '../report/run-report.js';
import { defaultJudgeScale, type JudgeExpectation } from './judge-schema.js';
import { runJudge, thresholdOf, type JudgeVerdict } from './run-judge.js';

/** The judges of one scenario run: each grades a turn on the judge's own route of the fake LLM. */
export interface ScenarioJudges {
  grade(options: {
    judge: JudgeExpectation;
    turns: readonly TurnReport[];
    signal?: AbortSignal;
  }): Promise<JudgeVerdict>;
  /** The judge's route: its requests, and what the fake found wrong with them (none outside a scripted run). */
  readonly route: FakeLlmScriptHandle | undefined;
  /** Removes the judge's route from the fake. */
  close(): void;
}

/** Whether any turn of the scenario may ask a judge: one with `expect.judge`, or with `expect.honest`. */
export function isJudged(scenario: Scenario): boolean {
  return scenario.turns.some((turn) => turn.expect?.judge !== undefined || turn.expect?.honest === true);
}

/**
 * Opens the judges of a scenario whose turns say `expect.judge` (or `expect.honest`): a model of the judge's
 * provider (the scenario's unless `judge.provider` says). In a scripted run it is pointed at a route of its own on
 * the fake LLM that answers from `judge.script` — `{ score, reasons }` each, sent as the structured answer the
 * judge asks for (JSON text for a model with structured output, a `final_answer` call for one without). In a live
 * run it is pointed at the real API, through the run's proxy (`liveEndpoint`). A recorded or replayed run has no
 * judge yet: a judged scenario is refused, and an honesty check that needs a judge fails its turn, saying why.
 * `undefined` for a scenario with no judge.
 */
export async function openScenarioJudges({
  scenario,
  source,
  liveEndpoint,
  fake,
  fakeUrl,
  fakeFetch,
  routeId,
  directory,
  minScore,
}: {
  scenario: Scenario;
  /** Where the agent's answers come from. */
  source: ScenarioSource;
  /** In a live run that records nothing, where the judge's requests go (the real API); else `undefined`. */
  liveEndpoint: ((provider: ScenarioProvider) => ModelEndpoint) | undefined;
  fake: FakeLlm;
  fakeUrl: string;
  fakeFetch?: typeof globalThis.fetch | undefined;
  /** The scenario's route: the judge's is beside it. */
  routeId: string;
  directory: string;
  /** How far up its scale a judge with no threshold must score (`--min-score`). */
  minScore?: number | undefined;
}): Promise<ScenarioJudges | undefined> {
  if (!isJudged(scenario)) return undefined;
  const provider = scenario.judge?.provider ?? scenario.provider;
  const grader = (endpoint: ModelEndpoint) => {
    const modelOf = (judge: JudgeExpectation) =>
      createScenarioModel({
        scenario: {
          ...scenario,
          provider,
          model:
            judge.model ??
            scenario.judge?.model ??
            (provider === scenario.provider ? scenario.model : undefined),
        },
        endpoint,
      });
    const grade = async ({ judge, turns, signal }: Parameters<ScenarioJudges['grade']>[0]) =>
      runJudge({
        judge,
        turns,
        model: await modelOf(judge),
        prompt: scenario.judge?.prompt,
        minScore,
        // The scenario's prices, by model id, cost the judge's model too when they name it.
        prices: scenario.loop?.prices ?? fromSnakeCase(scenario.session?.prices),
        signal,
      });
    return { modelOf, grade };
  };
  if (source === 'live' && liveEndpoint !== undefined) {
    const { grade } = grader(liveEndpoint(provider));
    return { route: undefined, grade, close() {} };
  }
  if (source !== 'script') {
    const why =
      source === 'live'
        ? 'a recorded run does not record its judges yet'
        : "a recording holds no judge's answers yet";
    if (scenario.turns.some((turn) => turn.expect?.judge !== undefined)) {
      throw new Error(
        `This scenario's turns are judged (expect.judge), and ${why}: run it from its script, or live without recording (--live).`,
      );
    }
    // `expect.honest` alone asks a judge only of a turn that went wrong: that turn fails, saying why.
    return {
      route: undefined,
      grade: ({ judge }) => Promise.resolve(refusedVerdict(judge, why)),
      close() {},
    };
  }
  const judgeRouteId = `${routeId}.judge`;
  const baseURL = `${fakeUrl}/script/${encodeURIComponent(judgeRouteId)}`;
  const { modelOf, grade } = grader(fakeFetch === undefined ? { baseURL } : { baseURL, fetch: fakeFetch });
  // The structured answer takes the form the judge's model asks for it in.
  const structured = (await modelOf({ rubric: '-', scope: 'turn' })).supportsStructuredOutput === true;
  const steps: LlmStep[] = (scenario.judge?.script ?? []).map((answer) =>
    structured
      ? { text: JSON.stringify(answer) }
      : { toolCalls: [{ name: 'final_answer', input: { ...answer } }] },
  );
  const route = fake.script(judgeRouteId, {
    name: `${scenario.name} (judge)`,
    steps,
    baseDirectory: directory,
    ...scenarioProviders[provider].route,
    ...listScenarioModels(scenario),
  });
  return {
    route,
    async grade(options) {
      if (route.remainingSteps === 0) {
        return refusedVerdict(
          options.judge,
          `judge.script has no answer left for this judge (it has ${steps.length}): give one per judged turn, and one per honesty check of a turn that went wrong`,
        );
      }
      return grade(options);
    },
    close() {
      fake.removeScript(judgeRouteId);
    },
  };
}

/** A verdict given without asking a judge, which says why: it does not pass. */
function refusedVerdict(judge: JudgeExpectation, error: string): JudgeVerdict {
  const scale = judge.scale ?? defaultJudgeScale;
  return {
    rubric: judge.rubric,
    scope: judge.scope,
    model: '(none)',
    scale,
    threshold: thresholdOf(judge),
    passed: false,
    error,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  };
}

/** A session config's prices (snake_case) as the loop takes them. */
function fromSnakeCase(
  prices: NonNullable<Scenario['session']>['prices'],
): ToolLoopOptions['prices'] | undefined {
  if (prices === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(prices).map(([model, price]) => [
      model,
      {
        inputPerMillion: price.input_per_million,
        outputPerMillion: price.output_per_million,
        ...(price.cache_read_per_million === undefined
          ? {}
          : { cacheReadPerMillion: price.cache_read_per_million }),
        ...(price.cache_write_per_million === undefined
          ? {}
          : { cacheWritePerMillion: price.cache_write_per_million }),
      },
    ]),
  );
}
