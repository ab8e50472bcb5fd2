import { createEmptyUsage } from '@toolloop/core';
import type { FakeLlmScriptHandle } from '@toolloop/fake-llm';
import type { TurnReport } from '../report/run-report.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { openSideModel } from '../side/open-side-model.js';
import { scenarioPricesOf } from '../side/scenario-prices.js';
import type { JudgeExpectation } from './judge-schema.js';
import { runJudge, verdictOf, type JudgeVerdict } from './run-judge.js';

/** The judges of one scenario run: each grades a turn, on a route of their own (the fake LLM's or the live proxy's). */
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

/**
 * Whether any turn of the scenario may ask a judge: one with `expect.judge` or `expect.honest`, or a simulated
 * user, whose goal a judge grades.
 */
export function isJudged(scenario: Scenario): boolean {
  return scenario.turns.some(
    (turn) => turn.simulate !== undefined || turn.expect?.judge !== undefined || turn.expect?.honest === true,
  );
}

/**
 * Opens the judges of a scenario whose turns say `expect.judge` (or `expect.honest`): a model of the judge's
 * provider (the scenario's unless `judge.provider` says), answered where the run's mode says (`openSideModel`):
 * in a scripted run from `judge.script`, in a replay from the recording, live from the real API. `undefined` for a
 * scenario with no judge.
 */
export async function openScenarioJudges({
  scenario,
  mode,
  minScore,
  ...route
}: Pick<
  Parameters<typeof openSideModel>[0],
  'fake' | 'fakeUrl' | 'fakeFetch' | 'routeId' | 'directory' | 'mode' | 'scenario'
> & {
  /** How far up its scale a judge with no threshold must score (`--min-score`). */
  minScore?: number | undefined;
}): Promise<ScenarioJudges | undefined> {
  if (!isJudged(scenario)) return undefined;
  const script = scenario.judge?.script ?? [];
  const side = await openSideModel({
    ...route,
    role: 'judges',
    provider: scenario.judge?.provider ?? scenario.provider,
    defaultModel: scenario.judge?.model,
    scenario,
    mode,
    script,
  });
  return {
    route: side.route,
    async grade({ judge, turns, signal }) {
      const answerless = side.route?.remainingSteps === 0;
      // A script with no answer left says so; a replay's judge asks anyway, so that its request is a drift.
      if (answerless && side.scripted) {
        return refusedVerdict(
          judge,
          `judge.script has no answer left for this judge (it has ${script.length}): give one per judged turn, one per honesty check of a turn that went wrong, and one per simulated turn for its goal`,
        );
      }
      const verdict = await runJudge({
        judge,
        turns,
        model: await side.modelOf(judge.model),
        prompt: scenario.judge?.prompt,
        minScore,
        // The scenario's prices, by model id, cost the judge's model too when they name it.
        prices: scenarioPricesOf(scenario),
        signal,
      });
      return answerless
        ? {
            ...verdict,
            passed: false,
            error: 'the recording holds no answer for this judge: grade it again with --update',
          }
        : verdict;
    },
    close: () => {
      side.close();
    },
  };
}

/** A verdict given without asking a judge, which says why: it does not pass. */
function refusedVerdict(judge: JudgeExpectation, error: string): JudgeVerdict {
  return verdictOf({ judge, model: '(none)', answer: { error }, usage: createEmptyUsage() });
}
