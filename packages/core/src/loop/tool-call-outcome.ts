import type { ToolOutput } from '../model/messages.js';
import type { LoopErrorCode } from './loop-event.js';

/** How one tool call ended. Failures carry the code of the error event that reports them. */
export interface ToolCallOutcome {
  output: ToolOutput;
  isError: boolean;
  /** Whether the tool actually ran (a call refused by a limit or an unknown name did not). */
  executed: boolean;
  /** Whether the failure counts toward `maxConsecutiveErrors`. */
  countsAsError: boolean;
  errorCode?: LoopErrorCode;
  durationMs: number;
}

/** An error result with one line of text for the model. */
export function createErrorOutput(text: string): ToolOutput {
  return { content: [{ type: 'text', text }], isError: true };
}

/** A call the loop answered itself without running it: refused by a limit, or made moot by a stop. */
export function refuseToolCall({
  text,
  errorCode,
  countsAsError = false,
  isError = true,
}: {
  text: string;
  errorCode?: LoopErrorCode;
  countsAsError?: boolean;
  isError?: boolean;
}): ToolCallOutcome {
  const outcome: ToolCallOutcome = {
    output: isError ? createErrorOutput(text) : { content: [{ type: 'text', text }] },
    isError,
    executed: false,
    countsAsError,
    durationMs: 0,
  };
  if (errorCode !== undefined) outcome.errorCode = errorCode;
  return outcome;
}
