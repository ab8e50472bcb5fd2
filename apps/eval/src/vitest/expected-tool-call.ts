import type { JsonValue } from '@toolloop/core';

/** A tool call a matcher expects, as in a scenario file's `expect.toolCalls.calls`. */
export interface ExpectedToolCall {
  /** The tool's name. */
  name: string;
  /** The arguments, compared as the matcher's `args` option says. */
  input?: JsonValue;
  /** Whether the call failed (calls the loop refused fail too). */
  isError?: boolean;
  /** Whether the tool ran: false for a call the loop answered itself (a limit, an unknown tool, a stop). */
  executed?: boolean;
}

/**
 * How `toHaveToolCalls` compares, with the meanings of a scenario file's `expect.toolCalls`:
 * - `order`: `strict` (default) the same calls in the same order; `unordered` the same calls in any order;
 *   `subset` the expected calls are a subset of the calls made (each happened, others may have too);
 *   `superset` the expected calls are a superset of the calls made (every call made is one of them). Calls pair
 *   one to one: under `superset`, a tool called twice needs two entries; under `subset`, two entries need two calls.
 * - `args`: `partial` (default) each call's input contains the expected input; `exact` equals it; `ignore`.
 */
export interface ToolCallMatchOptions {
  order?: 'strict' | 'unordered' | 'subset' | 'superset';
  args?: 'partial' | 'exact' | 'ignore';
}
