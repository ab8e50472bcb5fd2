/**
 * The stop reasons of the loop itself. `completed`, `max_rounds`, `tool_limit`, `session_tool_limit` and
 * `no_progress` end with an answer (so does `budget_exceeded` while there is room for one);
 * `approval_required` waits for a person's decisions; `invalid_output` had an answer that did not match the
 * `output` schema after one repair; the others stop and say why.
 */
export type BuiltinStopReason =
  | 'completed'
  | 'max_rounds'
  | 'max_iterations'
  | 'consecutive_errors'
  | 'timeout'
  | 'tool_limit'
  | 'session_tool_limit'
  | 'unknown_tool'
  | 'tool_source_error'
  | 'gave_up'
  | 'refusal'
  | 'max_tokens'
  | 'aborted'
  | 'model_error'
  | 'hook_error'
  | 'no_progress'
  | 'budget_exceeded'
  | 'approval_required'
  | 'invalid_output';

/**
 * Why a turn ended: one of the loop's own reasons, or a name a `stopWhen` condition gave (snake_case, never a
 * built-in one). Every way a turn can end has its own value.
 */
export type StopReason = BuiltinStopReason | (string & Record<never, never>);

/** Every built-in stop reason, in the order of the README's table. */
export const stopReasons: readonly BuiltinStopReason[] = [
  'completed',
  'max_rounds',
  'max_iterations',
  'consecutive_errors',
  'timeout',
  'tool_limit',
  'session_tool_limit',
  'unknown_tool',
  'tool_source_error',
  'gave_up',
  'refusal',
  'max_tokens',
  'aborted',
  'model_error',
  'hook_error',
  'no_progress',
  'budget_exceeded',
  'approval_required',
  'invalid_output',
];

const builtins = new Set<string>(stopReasons);

/** Whether a stop reason is one of the loop's own, as opposed to a name a `stopWhen` condition gave. */
export function isBuiltinStopReason(reason: string): reason is BuiltinStopReason {
  return builtins.has(reason);
}

/** The form of a stop reason a host names: snake_case, like the built-in ones. */
export const customStopReasonPattern = /^[a-z][a-z0-9_]*$/;
