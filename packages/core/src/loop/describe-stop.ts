import { countNoun } from '../internal/count-noun.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import { isBuiltinStopReason, type StopReason } from './stop-reason.js';

/** What the loop knows about a stop beyond its reason, for the sentence that explains it. */
export interface StopDetails {
  /** The model's own words (`gave_up`), the unknown tool's name (`unknown_tool`), or an error's message. */
  detail?: string;
}

/** A short sentence, for status lines and error events, saying why a turn stopped. */
export function describeStop(
  reason: StopReason,
  options: Pick<
    ResolvedLoopOptions,
    | 'maxIterations'
    | 'maxRounds'
    | 'maxConsecutiveErrors'
    | 'timeoutMs'
    | 'maxToolCallsPerMessage'
    | 'maxToolCallsPerSession'
  >,
  { detail }: StopDetails = {},
): string {
  // A stop reason a `stopWhen` condition named explains itself, or with the sentence it gave.
  if (!isBuiltinStopReason(reason)) return detail ?? reason;
  switch (reason) {
    case 'completed':
      return 'the model answered';
    case 'max_rounds':
      return `reached the limit of ${countNoun(options.maxRounds, 'tool round')}`;
    case 'max_iterations':
      return `reached the limit of ${countNoun(options.maxIterations, 'model request')}`;
    case 'consecutive_errors':
      return `${countNoun(options.maxConsecutiveErrors, 'tool call')} failed in a row`;
    case 'timeout':
      return `the turn took longer than ${options.timeoutMs} ms`;
    case 'tool_limit':
      return `reached the limit of ${countNoun(options.maxToolCallsPerMessage, 'tool call')} per message`;
    case 'session_tool_limit':
      return `reached the limit of ${countNoun(options.maxToolCallsPerSession, 'tool call')} per session`;
    case 'unknown_tool':
      return `the model called unknown tool '${detail ?? '?'}'`;
    case 'tool_source_error':
      return detail ?? 'a tool source failed';
    case 'gave_up':
      return detail ?? 'the model could not complete the task';
    case 'refusal':
      return 'the model declined to answer';
    case 'max_tokens':
      return "the model's output reached its token limit";
    case 'aborted':
      return detail ?? 'aborted by the caller';
    case 'model_error':
      return detail ?? 'the model request failed';
    case 'hook_error':
      return detail ?? 'a hook failed';
    case 'no_progress':
      return detail ?? 'the model repeated itself';
    case 'budget_exceeded':
      return detail ?? 'the next request would pass the token budget';
    case 'approval_required':
      return detail ?? 'a tool call waits for approval';
    case 'invalid_output':
      return detail ?? 'the answer did not match the output schema';
    default: {
      const unexpected: never = reason;
      return String(unexpected);
    }
  }
}
