import { describe, expect, it } from 'vitest';
import type { GrowthContenderResult, TurnGrowthResult } from '../growth/measure-turn-growth.js';
import type { LoopContenderId } from '../loop-overhead/loop-contender.js';
import { summarize } from '../stats/summarize.js';
import { renderTurnGrowthSection } from './render-turn-growth-section.js';

function contender(id: LoopContenderId, ratio: number): GrowthContenderResult {
  return {
    id,
    label: id,
    cpuPerRequestMs: summarize([ratio]),
    cpuOverHandWritten: summarize([ratio]),
    fakeCpuPerRequestMs: summarize([1]),
    fakeCpuOverHandWritten: summarize([1]),
  };
}

function result(ids: readonly LoopContenderId[]): TurnGrowthResult {
  return {
    rounds: 3,
    toolOutputBytes: 100_000,
    model: 'claude-sonnet-4-6',
    requests: 4,
    warmupRuns: 2,
    runs: 11,
    contenders: ids.map((id, index) => contender(id, 1 + index / 10)),
  };
}

describe('renderTurnGrowthSection', () => {
  it('explains the contextLimit contender only in a table that has it', () => {
    const withLimit = renderTurnGrowthSection({
      results: [result(['sdk-loop', 'toolloop', 'toolloop-context-limit'])],
      shape: 'rounds',
    });
    const withoutLimit = renderTurnGrowthSection({
      results: [result(['sdk-loop', 'toolloop'])],
      shape: 'result size',
    });

    expect(withLimit).toContain('`toolloop with contextLimit` has a limit far above the conversation');
    expect(withoutLimit).not.toContain('contextLimit');
    expect(withoutLimit).toContain('asked of `claude-sonnet-4-6`');
    expect(withoutLimit).toContain('| 100 KB');
  });
});
