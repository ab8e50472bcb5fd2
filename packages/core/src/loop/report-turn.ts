import type { ToolCallPart } from '../model/messages.js';
import type { ModelRequest } from '../model/model.js';
import { describeStop } from './describe-stop.js';
import type { LoopEvent } from './loop-event.js';
import { recordedOutcome } from './run-journaled-call.js';
import type { ToolJournalEntry } from './tool-journal.js';
import type { PlannedToolCall } from './plan-tool-calls.js';
import { statusLines } from './status-lines.js';
import type { ModelResponse } from './stream-model-response.js';
import { toToolResultEvent, toToolStartEvent } from './tool-call-events.js';
import { refuseToolCall, type ToolCallOutcome } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { TurnEnding } from './turn-ending.js';
import type { StepInfo } from './turn-hooks.js';
import { recordToolResults, toolCallsOf, type TurnState } from './turn-state.js';

/** What `onStepFinish` is told about a step, but its tool calls, which are known once they are handled. */
export function toStepInfo({
  started,
  request,
  response,
}: {
  started: { iteration: number; round: number };
  request: ModelRequest;
  response: ModelResponse;
}): Omit<StepInfo, 'toolCalls'> {
  const step: Omit<StepInfo, 'toolCalls'> = {
    iteration: started.iteration,
    round: started.round,
    request: {
      toolNames: request.tools.map((tool) => tool.name),
      messageCount: request.messages.length,
    },
    response: {
      text: response.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''),
      finishReason: response.finish.finishReason,
      toolCallCount: toolCallsOf(response).length,
    },
    usage: response.finish.usage,
  };
  if (request.system !== undefined) step.request.system = request.system;
  if (request.toolChoice !== undefined) step.request.toolChoice = request.toolChoice;
  return step;
}

/** Why a response that ends the turn did not have its tool calls run. */
export function whyResponseCallsNotRun(ending: TurnEnding): string {
  return ending.reason === 'max_tokens'
    ? "the model's output was cut off by its token limit before the call was complete"
    : ending.reason === 'refusal'
      ? 'the model refused'
      : 'no tool may be called in the final answer';
}

/**
 * A response that ends the turn may still hold tool calls; each gets a result so the transcript stays valid,
 * and its `tool-start` and `tool-result` events so no call goes unreported.
 */
export function* answerUnrunCalls({
  state,
  calls,
  why,
  options,
  journal,
}: {
  state: TurnState;
  calls: readonly ToolCallPart[];
  /** Why they were not run, for the model: "Not executed: <why>." */
  why: string;
  options: ResolvedLoopOptions;
  /** What the turn's tool journal knows of them: a call that ran is answered as it ended, or as interrupted. */
  journal?: ReadonlyMap<string, ToolJournalEntry> | undefined;
}): Generator<LoopEvent> {
  if (calls.length === 0) return;
  const outcomes = calls.map(
    (call) => recordedOutcome(call, journal) ?? refuseToolCall({ text: `Not executed: ${why}.` }),
  );
  for (const [index, call] of calls.entries()) {
    yield toToolStartEvent(call, state.rounds);
    yield toToolResultEvent(call, outcomes[index] as ToolCallOutcome, state.rounds);
  }
  recordToolResults({
    state,
    calls,
    outcomes,
    round: state.rounds,
    maxConsecutiveErrors: options.maxConsecutiveErrors,
  });
}

/** After a round: a line for each call that was tried and failed (not one the loop refused), then one for all. */
export function* statusAfterRound({
  calls,
  outcomes,
  options,
}: {
  calls: readonly PlannedToolCall[];
  outcomes: readonly ToolCallOutcome[];
  options: ResolvedLoopOptions;
}): Generator<LoopEvent> {
  if (options.statusMessages === 'off') return;
  for (const [index, { call, refusal }] of calls.entries()) {
    if (refusal === undefined && outcomes[index]?.isError === true) {
      yield { type: 'status', message: statusLines.toolFailed(call.name) };
    }
  }
  yield { type: 'status', message: statusLines.processingResults };
}

/** Tells the user why a turn that did not simply answer has stopped. */
export function* reportEnding({
  ending,
  state,
  options,
}: {
  ending: TurnEnding;
  state: TurnState;
  options: ResolvedLoopOptions;
}): Generator<LoopEvent> {
  if (ending.reason === 'completed' || ending.reason === 'max_rounds') return;
  if (ending.paused !== undefined) {
    // Not a failure: the turn waits for a person, and says for what.
    const calls = ending.paused.pendingApprovals;
    if (options.statusMessages !== 'off') {
      yield { type: 'status', message: statusLines.awaitingApproval(calls.map((call) => call.name)) };
    }
    yield { type: 'approval-required', calls };
    return;
  }
  const description = describeStop(ending, options);
  if (ending.reason === 'gave_up') {
    const report = `Unable to complete task: ${description}`;
    yield { type: 'content', text: state.text === '' ? report : `\n\n${report}` };
    state.text = report;
  }
  if (options.statusMessages !== 'off') yield { type: 'status', message: statusLines.stopped(description) };
  // Tool-call limits were reported when the over-limit call was refused.
  if (ending.reason !== 'tool_limit' && ending.reason !== 'session_tool_limit') {
    yield { type: 'error', code: ending.reason, message: `Stopped: ${description}` };
  }
}
