import { countNoun } from '../internal/count-noun.js';
import type { ToolCallPart } from '../model/messages.js';
import { readGiveUpReason } from './explicit-stop-tool.js';
import type { LoopEvent } from './loop-event.js';
import type { StopReason } from './stop-reason.js';
import { refuseToolCall, type ToolCallOutcome } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/** What the loop will do with the tool calls of one response, decided before any of them runs. */
export interface ToolCallPlan {
  /** The calls that stay in the transcript, in order; each gets exactly one result. */
  kept: ToolCallPart[];
  /** The calls to run. */
  runs: ToolCallPart[];
  /** The kept calls answered without running, by call id. */
  refusals: Map<string, ToolCallOutcome>;
  /** Events to stream before the calls run: dropped calls, limits reached. */
  events: LoopEvent[];
  /** Set when this response ends the turn (the model gave up, or called an unknown tool under `stop`). */
  stop?: { reason: Extract<StopReason, 'gave_up' | 'unknown_tool'>; detail: string };
  /** Set when a call went over a tool-call limit: one last request without tools follows. */
  limitReached?: Extract<StopReason, 'tool_limit' | 'session_tool_limit'>;
  messageToolCalls: number;
  sessionToolCalls: number;
}

/**
 * Applies, in order: `maxToolsPerResponse` (extra calls dropped and reported), the explicit-stop tool,
 * unknown tools (per `unknownTool`), and the per-session then per-message tool-call limits.
 */
export function planToolCalls({
  calls,
  toolNames,
  options,
  messageToolCalls,
  sessionToolCalls,
}: {
  calls: ToolCallPart[];
  toolNames: readonly string[];
  options: ResolvedLoopOptions;
  messageToolCalls: number;
  sessionToolCalls: number;
}): ToolCallPlan {
  const kept = calls.slice(0, options.maxToolsPerResponse);
  const dropped = calls.slice(options.maxToolsPerResponse);
  const plan: ToolCallPlan = {
    kept,
    runs: [],
    refusals: new Map(),
    events: [],
    messageToolCalls,
    sessionToolCalls,
  };
  if (dropped.length > 0) {
    plan.events.push({
      type: 'warning',
      code: 'tools_dropped',
      message: `The model asked for ${countNoun(calls.length, 'tool call')} in one response; only the first ${kept.length} ${kept.length === 1 ? 'was' : 'were'} kept (maxToolsPerResponse). Dropped: ${dropped.map((call) => call.name).join(', ')}.`,
    });
  }

  const giveUp = kept.find((call) => call.name === options.explicitStop?.toolName);
  if (giveUp !== undefined) {
    plan.stop = { reason: 'gave_up', detail: readGiveUpReason(giveUp.input) };
    for (const call of kept) {
      plan.refusals.set(
        call.id,
        call === giveUp
          ? refuseToolCall({ text: 'The task was stopped.', isError: false })
          : refuseToolCall({ text: 'Not executed: the task was stopped.' }),
      );
    }
    return plan;
  }

  const known = new Set(toolNames);
  const unknownText = (name: string) =>
    `Model called unknown tool '${name}'. Available tools: ${toolNames.length > 0 ? toolNames.join(', ') : '(none)'}.`;
  const firstUnknown = kept.find((call) => !known.has(call.name));
  if (firstUnknown !== undefined && options.unknownTool === 'stop') {
    plan.stop = { reason: 'unknown_tool', detail: firstUnknown.name };
    for (const call of kept) {
      plan.refusals.set(
        call.id,
        known.has(call.name)
          ? refuseToolCall({
              text: 'Not executed: the turn stopped because a tool call named an unknown tool.',
            })
          : refuseToolCall({ text: unknownText(call.name), errorCode: 'unknown_tool', countsAsError: true }),
      );
    }
    return plan;
  }

  for (const call of kept) {
    if (!known.has(call.name)) {
      plan.refusals.set(
        call.id,
        refuseToolCall({ text: unknownText(call.name), errorCode: 'unknown_tool', countsAsError: true }),
      );
      plan.events.push({
        type: 'error',
        code: 'unknown_tool',
        message: unknownText(call.name),
        toolName: call.name,
        toolCallId: call.id,
      });
    } else if (plan.sessionToolCalls >= options.maxToolCallsPerSession) {
      refuseOverLimit(
        plan,
        call,
        'session_tool_limit',
        `${countNoun(options.maxToolCallsPerSession, 'tool call')} per session`,
      );
    } else if (plan.messageToolCalls >= options.maxToolCallsPerMessage) {
      refuseOverLimit(
        plan,
        call,
        'tool_limit',
        `${countNoun(options.maxToolCallsPerMessage, 'tool call')} per message`,
      );
    } else {
      plan.runs.push(call);
      plan.messageToolCalls += 1;
      plan.sessionToolCalls += 1;
    }
  }
  return plan;
}

function refuseOverLimit(
  plan: ToolCallPlan,
  call: ToolCallPart,
  code: Extract<StopReason, 'tool_limit' | 'session_tool_limit'>,
  limit: string,
): void {
  plan.limitReached ??= code;
  plan.refusals.set(
    call.id,
    refuseToolCall({
      text: `Not executed: the limit of ${limit} was reached. Answer with the information you already have.`,
      errorCode: code,
    }),
  );
  plan.events.push({
    type: 'error',
    code,
    message: `Tool call limit reached (${limit}): '${call.name}' was not executed.`,
    toolName: call.name,
    toolCallId: call.id,
  });
}
