import type { JsonValue, StopReason } from '@toolloop/core';
import type { ExpectedToolCall, ToolCallMatchOptions } from './expected-tool-call.js';
import { toHaveCalledTool } from './to-have-called-tool.js';
import { toHaveToolCalls } from './to-have-tool-calls.js';
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
 */
export const toolloopMatchers = { toStopWith, toHaveToolCalls, toHaveCalledTool };

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
}

declare module 'vitest' {
  // Merges into vitest's own declaration, which has exactly this type parameter and default.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends ToolloopMatchers<T> {}
}
