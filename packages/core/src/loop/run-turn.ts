import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import type { ToolCallPart } from '../model/messages.js';
import { buildModelRequest } from './build-model-request.js';
import { createToolRegistry, type ToolRegistry } from './create-tool-registry.js';
import { describeStop } from './describe-stop.js';
import { executeToolCalls } from './execute-tool-calls.js';
import { createExplicitStopTool } from './explicit-stop-tool.js';
import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';
import { planToolCalls } from './plan-tool-calls.js';
import { statusLines } from './status-lines.js';
import { streamModelResponse } from './stream-model-response.js';
import { refuseToolCall, type ToolCallOutcome } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import { endingForError, endingForResponse, type FinalAnswerReason, type TurnEnding } from './turn-ending.js';
import {
  createTurnState,
  keepToolCalls,
  recordResponse,
  recordToolResults,
  toolCallsOf,
  type TurnState,
} from './turn-state.js';

/**
 * One user turn as an async generator of events: sets up the deadline and the tools, runs the rounds, and
 * ends with a `done` event carrying the result. Whatever happens, the turn's timer and listeners are released.
 */
export async function* runTurn(
  options: ResolvedLoopOptions,
  runSignal: AbortSignal,
): AsyncGenerator<LoopEvent, LoopResult> {
  const startedAt = performance.now();
  const turn = createLinkedAbortController({
    signals: [options.signal, runSignal],
    timeoutMs: options.timeoutMs,
    timeoutReason: () => new TurnTimeoutError({ timeoutMs: options.timeoutMs }),
  });
  const state = createTurnState(options);
  let ending: TurnEnding;
  try {
    const registry = await createToolRegistry({
      tools: options.tools,
      controlTools: options.explicitStop === undefined ? [] : [createExplicitStopTool(options.explicitStop)],
      signal: turn.signal,
    });
    if (options.statusMessages !== 'off') yield { type: 'status', message: statusLines.analyzing };
    ending = yield* runRounds({ state, registry, options, signal: turn.signal });
  } catch (error) {
    ending = endingForError(error, turn.signal);
  } finally {
    turn.dispose();
  }

  yield* reportEnding({ ending, state, options });
  const result: LoopResult = {
    stopReason: ending.reason,
    text: state.text,
    messages: state.messages,
    toolCalls: state.toolCalls,
    rounds: state.rounds,
    iterations: state.iterations,
    usage: state.usage,
    durationMs: Math.round(performance.now() - startedAt),
    sessionToolCalls: state.sessionToolCalls,
  };
  if (ending.error !== undefined) result.error = ending.error;
  yield { type: 'done', result };
  return result;
}

/** The loop: ask the model, stop if its response ends the turn, run its tool calls, check the limits, repeat. */
async function* runRounds({
  state,
  registry,
  options,
  signal,
}: {
  state: TurnState;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
}): AsyncGenerator<LoopEvent, TurnEnding> {
  let finalAnswerFor: FinalAnswerReason | undefined;
  for (;;) {
    signal.throwIfAborted();
    if (state.iterations >= options.maxIterations) return { reason: 'max_iterations' };
    state.iterations += 1;
    const request = buildModelRequest({
      state,
      registry,
      options,
      isFinal: finalAnswerFor !== undefined,
      signal,
    });
    const response = yield* streamModelResponse({
      model: options.model,
      request,
      showStatus: options.statusMessages !== 'off',
    });
    recordResponse(state, response);
    const calls = toolCallsOf(response);
    if (response.finish.finishReason === 'pause' && calls.length === 0) continue;
    const ending = endingForResponse({
      finishReason: response.finish.finishReason,
      toolCallCount: calls.length,
      finalAnswerFor,
    });
    if (ending !== undefined) {
      answerUnrunCalls({ state, calls, ending });
      return ending;
    }

    const plan = planToolCalls({
      calls,
      toolNames: registry.toolNames,
      options,
      messageToolCalls: state.messageToolCalls,
      sessionToolCalls: state.sessionToolCalls,
    });
    keepToolCalls(state, plan.kept);
    yield* plan.events;
    const outcomes = yield* executeToolCalls({
      calls: plan.runs,
      registry,
      round: state.rounds,
      options,
      turnSignal: signal,
    });
    for (const [id, refusal] of plan.refusals) outcomes.set(id, refusal);
    recordToolResults({ state, calls: plan.kept, outcomes, round: state.rounds });
    state.rounds += 1;
    state.messageToolCalls = plan.messageToolCalls;
    state.sessionToolCalls = plan.sessionToolCalls;
    signal.throwIfAborted();

    if (plan.stop !== undefined) return plan.stop;
    if (state.consecutiveErrors >= options.maxConsecutiveErrors) return { reason: 'consecutive_errors' };
    yield* statusAfterRound({ calls: plan.runs, outcomes, options });
    finalAnswerFor ??= plan.limitReached ?? (state.rounds >= options.maxRounds ? 'max_rounds' : undefined);
  }
}

/** A response that ends the turn may still hold tool calls; each gets a result so the transcript stays valid. */
function answerUnrunCalls({
  state,
  calls,
  ending,
}: {
  state: TurnState;
  calls: ToolCallPart[];
  ending: TurnEnding;
}): void {
  const why =
    ending.reason === 'max_tokens'
      ? "the model's output was cut off by its token limit before the call was complete"
      : ending.reason === 'refusal'
        ? 'the model refused'
        : 'no tools are available for the final answer';
  const outcomes = new Map<string, ToolCallOutcome>(
    calls.map((call) => [call.id, refuseToolCall({ text: `Not executed: ${why}.` })]),
  );
  recordToolResults({ state, calls, outcomes, round: state.rounds });
}

function* statusAfterRound({
  calls,
  outcomes,
  options,
}: {
  calls: ToolCallPart[];
  outcomes: ReadonlyMap<string, ToolCallOutcome>;
  options: ResolvedLoopOptions;
}): Generator<LoopEvent> {
  if (options.statusMessages === 'off') return;
  for (const call of calls) {
    if (outcomes.get(call.id)?.isError === true)
      yield { type: 'status', message: statusLines.toolFailed(call.name) };
  }
  yield { type: 'status', message: statusLines.processingResults };
}

/** Tells the user why a turn that did not simply answer has stopped. */
function* reportEnding({
  ending,
  state,
  options,
}: {
  ending: TurnEnding;
  state: TurnState;
  options: ResolvedLoopOptions;
}): Generator<LoopEvent> {
  if (ending.reason === 'completed' || ending.reason === 'max_rounds') return;
  const description = describeStop(ending.reason, options, ending);
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
