import type { BenchPlan } from '../cli/bench-plan.js';
import type { LoopContenderId } from '../loop-overhead/loop-contender.js';
import { measureTurnGrowth, type TurnGrowthResult } from './measure-turn-growth.js';

/** The contenders of the long-turn table, the hand-written loop first. */
export const longTurnContenders: readonly LoopContenderId[] = [
  'sdk-loop',
  'toolloop',
  'toolloop-context-limit',
  'anthropic-tool-runner',
  'vercel-ai',
];

/** The contenders of the large-result table and the concurrency row. */
export const concurrencyContenders: readonly LoopContenderId[] = [
  'sdk-loop',
  'toolloop',
  'anthropic-tool-runner',
  'vercel-ai',
];

/**
 * Long turns: a turn of each length (one trivial tool call a round), each contender's client CPU per request
 * against the hand-written loop's, the fake LLM in a process of its own. A length gets about
 * `requestsPerContender` requests per contender, in at least `minRuns` runs.
 */
export function measureLongTurns({
  lengths,
  warmupRuns,
  requestsPerContender,
  minRuns,
}: BenchPlan['long']): Promise<TurnGrowthResult[]> {
  return measureTurnGrowth({
    shapes: lengths.map((rounds) => ({ rounds })),
    contenders: longTurnContenders,
    warmupRuns,
    runsFor: ({ rounds }) => Math.max(minRuns, Math.ceil(requestsPerContender / (rounds + 1))),
  });
}

/**
 * The model of the large-result turns: a context of 1,000,000 tokens, which three 1 MB results fit; the loop
 * script's model has 200,000, and the fake LLM refuses a longer prompt as the API does.
 */
export const largeResultModelId = 'claude-sonnet-4-6';

/** Large results: turns of `rounds` rounds whose every tool result is `resultBytes` long, one size at a time. */
export function measureLargeResults({
  rounds,
  resultBytes,
  warmupRuns,
  runs,
}: BenchPlan['large']): Promise<TurnGrowthResult[]> {
  return measureTurnGrowth({
    shapes: resultBytes.map((toolOutputBytes) => ({ rounds, toolOutputBytes, model: largeResultModelId })),
    contenders: concurrencyContenders,
    warmupRuns,
    runsFor: () => runs,
  });
}
