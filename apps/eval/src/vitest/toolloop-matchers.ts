import type { JsonValue, StopReason } from '@toolloop/core';
import type { ExpectedToolCall, ToolCallMatchOptions } from './expected-tool-call.js';
import { toHaveCalledTool } from './to-have-called-tool.js';
import { toHaveToolCalls } from './to-have-tool-calls.js';
import { toSatisfyJudge, type JudgeMatcherOptions } from './to-satisfy-judge.js';
import { toStopWith } from './to-stop-with.js';

/**
 * Matchers for a `LoopResult` (what `run.result` resolves to). Register them once with
 * `expect.extend(toolloopMatchers)`, in a test file or a `setupFiles` module; importing
 * `@toolloop/eval/vitest` also types them on vitest's `expect`. Each works with `.not`.
 *
 * @example
 * expect.extend(toolloopMatchers);
 * const result = await runToolLoop({ model, messages, tools, maxRounds: 2 }).result;
 * expect(result).toStopWith('max_rounds');
 * expect(result).toHaveToolCalls([{ name: 'search' }], { order: 'subset' });
 * await expect(result).toSatisfyJudge({ rubric: 'Cites the search results.', model: judgeModel });
 */
export const toolloopMatchers = { toStopWith, toHaveToolCalls, toHaveCalledTool, toSatisfyJudge };

/** The types of `toolloopMatchers` on vitest's `expect(value)`. */
export interface ToolloopMatchers<R = unknown> {
  /** The turn ended for this reason (`completed`, `max_rounds`, `timeout`, …). */
  toStopWith(stopReason: StopReason): R;
  /**
   * The tool calls, compared as a scenario file's `expect.toolCalls`: `order` `strict` (default), `unordered`,
   * `subset` (the expected calls are a subset of the calls made: each happened, others may have too) or
   * `superset` (the expected calls are a superset of the calls made: every call made is one of them); `args`
   * `partial` (default: each input contains the expected one), `exact` or `ignore`. Calls pair one to one.
   */
  toHaveToolCalls(calls: readonly ExpectedToolCall[], options?: ToolCallMatchOptions): R;
  /** At least one call of the tool; with `input`, one whose input contains it. */
  toHaveCalledTool(name: string, input?: JsonValue): R;
  /**
   * A model grades the turn (its user message, tool calls and results, answer and stop reason) against `rubric`,
   * and its score must reach the threshold (default: 4 of 1 to 5); the failure gives the judge's reasons. Await it.
   */
  toSatisfyJudge(judge: JudgeMatcherOptions): Promise<R>;
}

declare module 'vitest' {
  // Merges into vitest's own declaration, which has exactly this type parameter and default.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends ToolloopMatchers<T> {}
}
