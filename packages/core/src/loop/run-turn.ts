import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import { createAbortFanOut, type AbortFanOut } from '../internal/create-abort-fan-out.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import type { Message, ToolCallPart } from '../model/messages.js';
import { addUsage } from '../model/usage.js';
import { buildModelRequest } from './build-model-request.js';
import { limitContext } from './limit-context.js';
import { summarizeContext, withSummary } from './summarize-context.js';
import { createToolRegistry, type ToolRegistry } from './create-tool-registry.js';
import { decideApprovals } from './decide-approvals.js';
import { executeToolCalls } from './execute-tool-calls.js';
import { createExplicitStopTool } from './explicit-stop-tool.js';
import { createFinalAnswerTool } from './final-answer-tool.js';
import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';
import type { StepInfo } from './turn-hooks.js';
import { waitingCalls, restoreCounters, toPausedTurn, type ResumeTurn } from './paused-turn.js';
import { planToolCalls, type PlannedToolCall } from './plan-tool-calls.js';
import {
  answerUnrunCalls,
  reportEnding,
  statusAfterRound,
  toStepInfo,
  whyResponseCallsNotRun,
} from './report-turn.js';
import { statusLines } from './status-lines.js';
import { budgetsLeft, checkTokenBudget } from './token-budget.js';
import { priceTurn } from './price-turn.js';
import { checkStopConditions, planNextStep, reportStep } from './run-turn-hooks.js';
import { checkAnswerOutput, takeFinalAnswer } from './settle-output.js';
import { streamModelResponse } from './stream-model-response.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import { endingForError, endingForResponse, type TurnEnding } from './turn-ending.js';
import {
  addModelUsage,
  createTurnState,
  recordResponse,
  recordToolResults,
  startResponseText,
  toolCallsOf,
  type TurnState,
} from './turn-state.js';

/** Why the turn's remaining status requests are stopped; made once, since an abort without a reason builds one. */
const turnEnded = new Error('The turn ended before its status line was ready.');

/**
 * One user turn as an async generator of events: sets up the deadline and the tools, runs the rounds, and
 * ends with a `done` event carrying the result. Whatever happens, the turn's timer and listeners are released.
 */
export async function* runTurn(
  options: ResolvedLoopOptions,
  runSignal: AbortSignal,
): AsyncGenerator<LoopEvent, LoopResult> {
  // A resumed turn goes on from what it had counted, its running time included (not the time it waited).
  const previousMs = options.resume?.turn.counters.elapsedMs ?? 0;
  const startedAt = performance.now() - previousMs;
  const elapsedMs = () => Math.round(performance.now() - startedAt);
  const state = createTurnState(options);
  if (options.resume !== undefined) restoreCounters(state, options.resume.turn);
  // The turn's own deadline, told apart from a timeout that reaches it through the caller's signal (a turn run
  // inside a tool of another turn): that one is an abort from this turn's point of view. Its error is made when
  // the deadline passes (an error made at every start would cost the turn more than its setup).
  let ownTimeout: TurnTimeoutError | undefined;
  const turn = createLinkedAbortController({
    signals: [options.signal, runSignal],
    timeoutMs: Math.max(1, options.timeoutMs - previousMs),
    timeoutReason: () => (ownTimeout = new TurnTimeoutError({ timeoutMs: options.timeoutMs })),
  });
  // One listener on the turn's signal passes its abort on to the tool calls running at the time.
  const turnAbort = createAbortFanOut(turn.signal);
  // Generated status requests may outlive their tool call, never the turn. Only they need a signal of their own.
  const statusRequests =
    options.statusMessages === 'generated'
      ? createLinkedAbortController({ signals: [turn.signal] })
      : undefined;
  let ending: TurnEnding;
  try {
    const registry = await createToolRegistry({
      tools: options.tools,
      controlTools: [
        ...(options.explicitStop === undefined ? [] : [createExplicitStopTool(options.explicitStop)]),
        ...(options.output?.mode === 'tool' ? [createFinalAnswerTool(options.output.schema.jsonSchema)] : []),
      ],
      signal: turn.signal,
      onFailure: options.toolSourceError,
    });
    if (options.statusMessages !== 'off') yield { type: 'status', message: statusLines.analyzing };
    for (const warning of registry.warnings) yield warning;
    ending = yield* runRounds({
      state,
      registry,
      options,
      signal: turn.signal,
      turnAbort,
      // Without generated status lines, nothing reads it.
      statusSignal: statusRequests?.signal ?? turn.signal,
      elapsedMs,
    });
  } catch (error) {
    ending = endingForError({ error, turnSignal: turn.signal, ownTimeout });
  } finally {
    statusRequests?.abort(turnEnded);
    statusRequests?.dispose();
    turnAbort.dispose();
    turn.dispose();
  }

  // A paused turn keeps its calls waiting for their decisions; any other ending answers them, so that the
  // transcript stays one the APIs take in the next turn.
  if (ending.paused === undefined) {
    for (const event of answerUnrunCalls({
      state,
      calls: waitingCalls(state.messages),
      why: 'the turn stopped before this call ran',
      options,
    }))
      yield event;
  }
  for (const event of reportEnding({ ending, state, options })) yield event;
  const result: LoopResult = {
    stopReason: ending.reason,
    text: state.text,
    messages: state.messages,
    toolCalls: state.toolCalls,
    rounds: state.rounds,
    iterations: state.iterations,
    usage: state.usage,
    statusUsage: state.statusUsage,
    durationMs: elapsedMs(),
    sessionToolCalls: state.sessionToolCalls,
    sessionTokens: options.sessionTokens + state.usage.inputTokens + state.usage.outputTokens,
  };
  const cost = priceTurn({ state, options });
  if (cost !== undefined) result.cost = cost;
  if (state.output !== undefined) result.output = state.output;
  if (ending.paused !== undefined) {
    result.pendingApprovals = ending.paused.pendingApprovals;
    result.pausedTurn = ending.paused;
  }
  if (ending.error !== undefined) result.error = ending.error;
  yield { type: 'done', result };
  return result;
}

/**
 * The loop: ask the model, stop if its response ends the turn, handle its tool calls, check the limits, repeat.
 *
 * The steps of features a turn does not use (a context summary, a final-answer tool, approvals, `onStepFinish`,
 * `stopWhen`) are skipped here, although each step would also do nothing on its own: calling it still makes a
 * generator or a promise every round, which costs a short round more than its own work (see the loop benchmark).
 * The steps keep their own checks, for their other callers.
 */
async function* runRounds({
  state,
  registry,
  options,
  signal,
  turnAbort,
  statusSignal,
  elapsedMs,
}: {
  state: TurnState;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
  turnAbort: AbortFanOut;
  statusSignal: AbortSignal;
  elapsedMs: () => number;
}): AsyncGenerator<LoopEvent, TurnEnding> {
  // Set once a cap or a stop condition asks for one last answer: the next request lets the model call no tool.
  let finalAnswerFor: TurnEnding | undefined;
  // A resumed turn starts with the calls that waited for approval, not with a request.
  let resumed = options.resume;
  for (;;) {
    signal.throwIfAborted();
    let step: Omit<StepInfo, 'toolCalls'>;
    let calls: ToolCallPart[];
    let toolNames: string[];
    let decisions: ResumeTurn['decisions'] | undefined;
    const recordedBefore = state.toolCalls.length;
    if (resumed !== undefined) {
      ({ step, toolNames } = resumed.turn);
      decisions = resumed.decisions;
      calls = waitingCalls(state.messages);
      resumed = undefined;
    } else {
      // One request is reserved for that answer: `maxIterations` never takes it away. Only one, so a model that
      // keeps pausing its answer still cannot spin.
      if (state.iterations >= options.maxIterations + (finalAnswerFor === undefined ? 0 : 1)) {
        return { reason: 'max_iterations' };
      }
      // Before the budget check, which then counts the summary request's tokens too.
      const summarized =
        options.contextLimit?.summarize === undefined
          ? state.messages
          : yield* summarizeOldest({ state, options, signal });
      const budget = checkTokenBudget({ state, options });
      if (budget.action === 'stop') return { reason: 'budget_exceeded', detail: budget.detail };
      if (budget.action === 'answer') finalAnswerFor ??= { reason: 'budget_exceeded', detail: budget.detail };
      const planned = await planNextStep({
        state,
        registry,
        options,
        isFinal: finalAnswerFor !== undefined,
        signal,
      });
      state.iterations += 1;
      const context = limitContext({
        messages: summarized,
        limit: options.contextLimit,
        cleared: state.clearedToolResults,
      });
      if (context.warning !== undefined) yield context.warning;
      const request = buildModelRequest({ messages: context.messages, plan: planned, options, signal });
      const started = { iteration: state.iterations, round: state.rounds };
      startResponseText(state);
      const response = yield* streamModelResponse({
        model: planned.model,
        request,
        showStatus: options.statusMessages !== 'off',
        onText: (text) => {
          state.text += text;
        },
      });
      for (const { id, renamedTo } of recordResponse({ state, response, modelId: planned.model.modelId })) {
        yield {
          type: 'warning',
          code: 'duplicate_tool_call_id',
          message: `The model gave more than one tool call the id '${id}'; the repeats were renamed ${renamedTo.join(', ')} so that each call gets its own result.`,
        };
      }
      step = toStepInfo({ started, request, response });
      calls = toolCallsOf(response);
      toolNames = planned.toolNames;
      if (state.paused && calls.length === 0) {
        await reportStep({ options, signal, step: { ...step, toolCalls: [] } });
        continue;
      }
      const answered =
        options.output?.mode === 'tool'
          ? yield* takeFinalAnswer({ state, calls, options, finalAnswerFor })
          : undefined;
      if (answered !== undefined) {
        await reportStep({
          options,
          signal,
          step: { ...step, toolCalls: state.toolCalls.slice(recordedBefore) },
        });
        if (answered.type === 'end') return answered.ending;
        // One repair: the model read why its answer did not match, and answers once more without tools.
        state.rounds += 1;
        finalAnswerFor = { reason: 'completed' };
        continue;
      }
      const ending = endingForResponse({
        finishReason: response.finish.finishReason,
        toolCallCount: calls.length,
        finalAnswerFor,
      });
      if (ending !== undefined) {
        for (const event of answerUnrunCalls({ state, calls, why: whyResponseCallsNotRun(ending), options }))
          yield event;
        await reportStep({
          options,
          signal,
          step: { ...step, toolCalls: state.toolCalls.slice(recordedBefore) },
        });
        const checked = await checkAnswerOutput({ state, options, ending });
        if (checked.type === 'end') return checked.ending;
        finalAnswerFor = { reason: 'completed' };
        continue;
      }
    }

    const plan = planToolCalls({
      calls,
      toolNames,
      options,
      messageToolCalls: state.messageToolCalls,
      sessionToolCalls: state.sessionToolCalls,
      callCounts: state.callCounts,
      textRepeats: state.textRepeats,
    });
    const approved = mayNeedApproval({ calls: plan.calls, registry, options })
      ? await decideApprovals({ calls: plan.calls, registry, options, decisions, signal })
      : { calls: plan.calls, pending: [] };
    if (approved.pending.length > 0) {
      return {
        reason: 'approval_required',
        paused: toPausedTurn({
          state,
          pending: approved.pending,
          toolNames,
          step,
          sessionTokens: options.sessionTokens,
          elapsedMs: elapsedMs(),
        }),
      };
    }
    // Lists and synchronous generators are read with for…of here: a `yield*` of one in an async generator awaits
    // at every step, even when there is nothing to yield.
    for (const event of plan.events) yield event;
    const outcomes = yield* executeToolCalls({
      calls: approved.calls,
      registry,
      round: state.rounds,
      options,
      turnSignal: signal,
      turnAbort,
      statusSignal,
      errorStreak: state.errorStreak,
      onStatusUsage: (usage) => {
        state.statusUsage = addUsage(state.statusUsage, usage);
      },
    });
    recordToolResults({
      state,
      calls,
      outcomes,
      round: state.rounds,
      maxConsecutiveErrors: options.maxConsecutiveErrors,
    });
    state.rounds += 1;
    state.messageToolCalls = plan.messageToolCalls;
    state.sessionToolCalls = plan.sessionToolCalls;
    state.callCounts = plan.callCounts;
    signal.throwIfAborted();
    if (options.onStepFinish !== undefined) {
      await reportStep({
        options,
        signal,
        step: { ...step, toolCalls: state.toolCalls.slice(recordedBefore) },
      });
    }

    if (plan.stop !== undefined) return plan.stop;
    if (state.errorLimitReached) return { reason: 'consecutive_errors' };
    for (const event of statusAfterRound({ calls: approved.calls, outcomes, options })) yield event;
    const decision =
      options.stopWhen.length === 0 ? undefined : await checkStopConditions({ state, options, signal });
    if (decision !== undefined && !decision.answer) return decision.ending;
    finalAnswerFor ??=
      decision?.ending ??
      (plan.limitReached !== undefined
        ? { reason: plan.limitReached }
        : plan.noProgress !== undefined
          ? { reason: 'no_progress', detail: plan.noProgress }
          : state.rounds >= options.maxRounds
            ? { reason: 'max_rounds' }
            : undefined);
  }
}

/**
 * Whether any of the calls may wait for a decision: the host has a `needsApproval` policy, or a call that will run
 * is to a local tool with a rule of its own. Without one, every call runs as planned (what `decideApprovals`
 * would decide), and a round asks nothing.
 */
function mayNeedApproval({
  calls,
  registry,
  options,
}: {
  calls: readonly PlannedToolCall[];
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
}): boolean {
  if (options.needsApproval !== undefined) return true;
  for (const { call, refusal } of calls) {
    if (refusal !== undefined) continue;
    const rule = registry.findLocalTool(call.name)?.needsApproval;
    if (rule !== undefined && rule !== false) return true;
  }
  return false;
}

/**
 * With `contextLimit.summarize`: the messages of the next request, the oldest condensed once they pass the limit
 * (see `summarizeContext`); after a failed summary request, no other is tried in the turn. Without it, the
 * turn's messages.
 */
async function* summarizeOldest({
  state,
  options,
  signal,
}: {
  state: TurnState;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
}): AsyncGenerator<LoopEvent, Message[]> {
  const limit = options.contextLimit;
  if (limit?.summarize === undefined) return state.messages;
  if (state.contextSummaryFailed === true) return withSummary(state.messages, state.contextSummary);
  const summarized = await summarizeContext({
    messages: state.messages,
    limit,
    summarize: limit.summarize,
    summary: state.contextSummary,
    model: options.model,
    tokensLeft: Math.min(...Object.values(budgetsLeft({ state, options }))),
    signal,
    onUsage: (modelId, usage) => {
      addModelUsage(state, modelId, usage);
    },
  });
  if (summarized.summary !== undefined) state.contextSummary = summarized.summary;
  if (summarized.failed === true) state.contextSummaryFailed = true;
  for (const warning of summarized.warnings) yield warning;
  return summarized.messages;
}
