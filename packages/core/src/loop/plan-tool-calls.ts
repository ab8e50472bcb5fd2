import { countNoun } from '../internal/count-noun.js';
import type { JsonValue } from '../json-value.js';
import type { ToolCallPart } from '../model/messages.js';
import { readGiveUpReason } from './explicit-stop-tool.js';
import type { LoopEvent } from './loop-event.js';
import type { StopReason } from './stop-reason.js';
import { refuseToolCall, type ToolCallOutcome } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/** One call of a response and what the loop does with it: run it, or answer it itself with `refusal`. */
export interface PlannedToolCall {
  call: ToolCallPart;
  refusal?: ToolCallOutcome;
}

/** What the loop will do with the tool calls of one response, decided before any of them runs. */
export interface ToolCallPlan {
  /** Every call of the response, in order; each gets exactly one result. */
  calls: PlannedToolCall[];
  /** Warnings to stream before the calls are handled (calls beyond `maxToolsPerResponse`). */
  events: LoopEvent[];
  /** Set when this response ends the turn (the model gave up, or called an unknown tool under `stop`). */
  stop?: { reason: Extract<StopReason, 'gave_up' | 'unknown_tool'>; detail: string };
  /** Set when a call went over a tool-call limit: one last answer request (tool choice `none`) follows. */
  limitReached?: Extract<StopReason, 'tool_limit' | 'session_tool_limit'>;
  /** Set when the model repeats itself (`maxRepeatedCalls`, `maxRepeatedText`): why, for `no_progress`. */
  noProgress?: string;
  messageToolCalls: number;
  sessionToolCalls: number;
  /**
   * For each tool and input this response runs: how often it has been called, these calls included. Only this
   * response's calls, so a plan costs what the response asked, however long the turn; the round adds them to the
   * turn's counts when it runs.
   */
  callCounts: Map<string, number>;
}

/**
 * Applies, in order: `maxToolsPerResponse` (calls beyond it are answered without running, and reported), the
 * explicit-stop tool, unknown tools (per `unknownTool`), and the per-session then per-message tool-call limits.
 * Every call stays in the transcript: the model sees, for each call it made, what happened to it.
 */
export function planToolCalls({
  calls,
  toolNames,
  options,
  messageToolCalls,
  sessionToolCalls,
  callCounts,
  textRepeats,
}: {
  calls: ToolCallPart[];
  toolNames: readonly string[];
  options: ResolvedLoopOptions;
  messageToolCalls: number;
  sessionToolCalls: number;
  callCounts: ReadonlyMap<string, number>;
  /** How many responses in a row, this one included, had the same text. */
  textRepeats: number;
}): ToolCallPlan {
  const allConsidered = calls.length <= options.maxToolsPerResponse;
  const considered = allConsidered ? calls : calls.slice(0, options.maxToolsPerResponse);
  const beyond = allConsidered ? [] : calls.slice(options.maxToolsPerResponse);
  const plan: ToolCallPlan = {
    calls: [],
    events: [],
    messageToolCalls,
    sessionToolCalls,
    callCounts: new Map(),
  };
  const answer = new Map<ToolCallPart, ToolCallOutcome>(
    beyond.map((call) => [call, refuseBeyondLimit(options.maxToolsPerResponse)]),
  );
  if (beyond.length > 0) {
    plan.events.push({
      type: 'warning',
      code: 'tools_dropped',
      message: `The model asked for ${countNoun(calls.length, 'tool call')} in one response; at most ${options.maxToolsPerResponse} per response ${options.maxToolsPerResponse === 1 ? 'is' : 'are'} taken up (maxToolsPerResponse), so these were not run: ${beyond.map((call) => call.name).join(', ')}.`,
    });
  }
  const finish = () => {
    plan.calls = calls.map((call) => {
      const refusal = answer.get(call);
      return refusal === undefined ? { call } : { call, refusal };
    });
    return plan;
  };

  const giveUpName = options.explicitStop?.toolName;
  const giveUp = giveUpName === undefined ? undefined : considered.find((call) => call.name === giveUpName);
  if (giveUp !== undefined) {
    plan.stop = { reason: 'gave_up', detail: readGiveUpReason(giveUp.input) };
    for (const call of considered) {
      answer.set(
        call,
        call === giveUp
          ? refuseToolCall({ text: 'The task was stopped.', isError: false })
          : refuseToolCall({ text: 'Not executed: the task was stopped.' }),
      );
    }
    return finish();
  }

  const known = new Set(toolNames);
  const unknownText = (name: string) =>
    `Model called unknown tool '${name}'. Available tools: ${toolNames.length > 0 ? toolNames.join(', ') : '(none)'}.`;
  const firstUnknown = considered.find((call) => !known.has(call.name));
  if (firstUnknown !== undefined && options.unknownTool === 'stop') {
    plan.stop = { reason: 'unknown_tool', detail: firstUnknown.name };
    for (const call of considered) {
      answer.set(
        call,
        known.has(call.name)
          ? refuseToolCall({
              text: 'Not executed: the turn stopped because a tool call named an unknown tool.',
            })
          : // The turn's own stop reports this call; no error event of its own.
            refuseToolCall({ text: unknownText(call.name) }),
      );
    }
    return finish();
  }

  if (textRepeats > options.maxRepeatedText) {
    plan.noProgress = `the model gave the same text ${textRepeats} times in a row`;
    for (const call of considered) {
      answer.set(
        call,
        refuseToolCall({
          text: `Not executed: your response repeated the one before it word for word ${timesInWords(textRepeats - 1)}, so the loop is making no progress. Answer with the information you already have.`,
        }),
      );
    }
    return finish();
  }

  for (const call of considered) {
    const key = toCallKey(call);
    const repeats = plan.callCounts.get(key) ?? callCounts.get(key) ?? 0;
    if (!known.has(call.name)) {
      answer.set(
        call,
        refuseToolCall({ text: unknownText(call.name), errorCode: 'unknown_tool', countsAsError: true }),
      );
    } else if (plan.sessionToolCalls >= options.maxToolCallsPerSession) {
      plan.limitReached ??= 'session_tool_limit';
      answer.set(
        call,
        refuseOverLimit({
          call,
          code: 'session_tool_limit',
          limit: `${countNoun(options.maxToolCallsPerSession, 'tool call')} per session`,
        }),
      );
    } else if (plan.messageToolCalls >= options.maxToolCallsPerMessage) {
      plan.limitReached ??= 'tool_limit';
      answer.set(
        call,
        refuseOverLimit({
          call,
          code: 'tool_limit',
          limit: `${countNoun(options.maxToolCallsPerMessage, 'tool call')} per message`,
        }),
      );
    } else if (repeats >= options.maxRepeatedCalls) {
      plan.noProgress ??= `the same call of ${call.name} was repeated more than ${countNoun(options.maxRepeatedCalls, 'time')}`;
      answer.set(
        call,
        refuseToolCall({
          text: `Not executed: '${call.name}' was already called ${countNoun(repeats, 'time')} with the same input in this turn, so the loop is making no progress. Answer with the information you already have.`,
        }),
      );
    } else {
      plan.messageToolCalls += 1;
      plan.sessionToolCalls += 1;
      plan.callCounts.set(key, repeats + 1);
    }
  }
  return finish();
}

/**
 * A call's identity for repetition: its tool and its input, with object keys in one order. An input that has
 * no JSON form (a custom model's cyclic object) is its own call.
 */
function toCallKey(call: ToolCallPart): string {
  try {
    return `${call.name} ${JSON.stringify(sortKeys(call.input))}`;
  } catch {
    return `${call.name} ${call.id}`;
  }
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] ?? null)]),
  );
}

/** "once", "twice", "3 times". */
function timesInWords(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

function refuseBeyondLimit(maxToolsPerResponse: number): ToolCallOutcome {
  const which =
    maxToolsPerResponse === 1 ? 'the first tool call' : `the first ${maxToolsPerResponse} tool calls`;
  return refuseToolCall({
    text: `Not executed: only ${which} of a response ${maxToolsPerResponse === 1 ? 'runs' : 'run'} (at most ${maxToolsPerResponse} per response). Call it again in your next response if you still need it.`,
  });
}

function refuseOverLimit({
  call,
  code,
  limit,
}: {
  call: ToolCallPart;
  code: Extract<StopReason, 'tool_limit' | 'session_tool_limit'>;
  limit: string;
}): ToolCallOutcome {
  return refuseToolCall({
    text: `Not executed: the limit of ${limit} was reached. Answer with the information you already have.`,
    errorCode: code,
    errorMessage: `Tool call limit reached (${limit}): '${call.name}' was not executed.`,
  });
}
