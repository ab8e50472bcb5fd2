/**
 * Why a turn ended. Every way a turn can end has its own value (SCENARIO-FORMAT.md lists them):
 * `completed` and `max_rounds` end with an answer; the others stop and say why.
 */
export type StopReason =
  | 'completed'
  | 'max_rounds'
  | 'max_iterations'
  | 'consecutive_errors'
  | 'timeout'
  | 'tool_limit'
  | 'session_tool_limit'
  | 'unknown_tool'
  | 'gave_up'
  | 'refusal'
  | 'max_tokens'
  | 'aborted'
  | 'model_error';

/** Every stop reason, in the order of the contract table. */
export const stopReasons: readonly StopReason[] = [
  'completed',
  'max_rounds',
  'max_iterations',
  'consecutive_errors',
  'timeout',
  'tool_limit',
  'session_tool_limit',
  'unknown_tool',
  'gave_up',
  'refusal',
  'max_tokens',
  'aborted',
  'model_error',
];
