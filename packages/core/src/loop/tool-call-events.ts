import type { ToolCallPart } from '../model/messages.js';
import type { ToolResultEvent, ToolStartEvent } from './loop-event.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';

/** The event that opens a call's report, whether the call will run or be answered by the loop. */
export function toToolStartEvent(call: ToolCallPart, round: number): ToolStartEvent {
  return { type: 'tool-start', toolCallId: call.id, name: call.name, input: call.input, round };
}

/** The event that closes a call's report, with how it ended. */
export function toToolResultEvent(
  call: ToolCallPart,
  outcome: ToolCallOutcome,
  round: number,
): ToolResultEvent {
  return {
    type: 'tool-result',
    toolCallId: call.id,
    name: call.name,
    output: outcome.output,
    isError: outcome.isError,
    executed: outcome.executed,
    durationMs: outcome.durationMs,
    round,
  };
}
