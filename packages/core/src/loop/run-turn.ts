import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import { createAbortFanOut } from '../internal/create-abort-fan-out.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { createToolRegistry } from './create-tool-registry.js';
import { createExplicitStopTool } from './explicit-stop-tool.js';
import { callHook, reportStep as reportStepInfo } from './features/host-hooks.js';
import type { TurnFeature, Verdict } from './features/turn-feature.js';
import { turnFeatures } from './features/turn-features.js';
import { createFinalAnswerTool } from './final-answer-tool.js';
import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';
import { waitingCalls } from './paused-turn.js';
import { priceTurn } from './price-turn.js';
import { answerUnrunCalls, reportEnding } from './report-turn.js';
import { requestResponse } from './request-response.js';
import type { ResponseStep } from './response-step.js';
import { restoreTurnState } from './restore-turn-state.js';
import { decideCalls, runToolRound } from './run-tool-round.js';
import { settleAnswer, settleResponse, type SettledResponse } from './settle-response.js';
import { statusLines } from './status-lines.js';
import { toRunningCheckpoint, toTurnCheckpoint } from './to-turn-checkpoint.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { Turn } from './turn.js';
import { endingForError, type TurnEnding } from './turn-ending.js';
import { createTurnState } from './turn-state.js';

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
  const previousMs = options.resume?.turn.state.elapsedMs ?? 0;
  const startedAt = performance.now() - previousMs;
  const elapsedMs = () => Math.round(performance.now() - startedAt);
  const state = createTurnState(options);
  if (options.resume !== undefined) restoreTurnState(state, options.resume.turn);
  // The turn's own deadline, told apart from a timeout that reaches it through the caller's signal (a turn run
  // inside a tool of another turn): that one is an abort from this turn's point of view. Its error is made when
  // the deadline passes (an error made at every start would cost the turn more than its setup).
  let ownTimeout: TurnTimeoutError | undefined;
  // A resumed turn whose time had run out (saved at its deadline, or resumed with a lower timeoutMs) is aborted
  // here, before anything more happens: no call that waited runs, no request is sent.
  const turn = createLinkedAbortController({
    signals: [options.signal, runSignal],
    timeoutMs: options.timeoutMs - previousMs,
    timeoutReason: () => (ownTimeout = new TurnTimeoutError({ timeoutMs: options.timeoutMs })),
  });
  // One listener on the turn's signal passes its abort on to the tool calls running at the time.
  const turnAbort = createAbortFanOut(turn.signal);
  // Generated status requests may outlive their tool call, never the turn. Only they need a signal of their own.
  const statusRequests =
    options.statusMessages === 'generated'
      ? createLinkedAbortController({ signals: [turn.signal] })
      : undefined;
  const journal =
    options.toolJournal === undefined
      ? undefined
      : new Map(Object.entries(options.toolJournal.entries ?? {}));
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
      outbox: [],
      journal,
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
      journal,
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
    sessionToolCalls: state.features.toolCallLimits.session,
    sessionTokens: options.sessionTokens + state.usage.inputTokens + state.usage.outputTokens,
  };
  const cost = priceTurn({ state, options });
  if (cost !== undefined) result.cost = cost;
  // An answer that matched is the output of a turn that answered: an ending on an error (an abort, a timeout, a
  // hook that threw) that came after it was checked leaves the turn without one.
  if (state.features.output.value !== undefined && ending.error === undefined)
    result.output = state.features.output.value;
  if (ending.paused !== undefined) {
    result.pendingApprovals = ending.paused.pendingApprovals;
    result.pausedTurn = ending.paused;
  }
  if (ending.error !== undefined) result.error = ending.error;
  yield { type: 'done', result };
  return result;
}

/**
 * The turn's cycle: the features may stop the turn before a request; the model is asked, and its response either
 * ends the turn (its answer), continues (a paused answer, a repair), or has its calls decided and run in a tool
 * round, after which the features decide whether the turn goes on. Each step is reported to `onStepFinish`, and
 * each pass that goes on leaves a checkpoint.
 */
async function* runRounds(turn: Turn): AsyncGenerator<LoopEvent, TurnEnding> {
  // A resumed paused turn starts with the calls that waited for decisions, not with a request.
  let resumed = resumedStep(turn);
  // A turn that keeps a journal is saved before its first request too: a crash then costs no message of the user.
  if (turn.options.toolJournal !== undefined && turn.options.resume === undefined) await saveCheckpoint(turn);
  for (;;) {
    turn.signal.throwIfAborted();
    let step = resumed;
    let settled: SettledResponse = { type: 'round' };
    if (step === undefined) {
      const ending = applyVerdict(turn, yield* askFeatures(turn, (feature) => feature.beforeRequest?.(turn)));
      if (ending !== undefined) return ending;
      step = yield* requestResponse(turn);
      settled = yield* settleResponse(turn, step);
    }
    resumed = undefined;
    let verdict: Verdict;
    if (settled.type === 'round') {
      const decided = await decideCalls(turn, step);
      if ('paused' in decided) return decided.paused;
      // A turn that keeps a journal of its calls is saved before they run, so a crash costs none of them twice.
      if (turn.options.toolJournal !== undefined) {
        await saveCheckpoint(turn, () => toRunningCheckpoint(turn, step));
      }
      const round = yield* runToolRound(turn, step, decided.round);
      await finishStep(turn, step);
      verdict = yield* askFeatures(turn, (feature) => feature.afterRound?.(turn, round));
    } else {
      await finishStep(turn, step);
      verdict = await settleAnswer(turn, settled);
      // An answer given as text is checked against the output schema here, which may take its time.
      turn.signal.throwIfAborted();
    }
    const ending = applyVerdict(turn, verdict);
    if (ending !== undefined) return ending;
    if (turn.options.onCheckpoint !== undefined) await saveCheckpoint(turn);
  }
}

/**
 * Asks each feature at a point of the cycle, in order, and streams what it reports. The first verdict is the
 * point's: the features after it are not asked.
 */
async function* askFeatures(
  turn: Turn,
  ask: (feature: TurnFeature) => Verdict | Promise<Verdict>,
): AsyncGenerator<LoopEvent, Verdict> {
  for (const feature of turnFeatures) {
    // Most features decide at once, and most points find nothing to do: an answer given at once is not awaited,
    // which would send every round through the microtask queue once for each feature.
    const asked = ask(feature);
    const verdict = asked instanceof Promise ? await asked : asked;
    if (turn.outbox.length > 0) for (const event of turn.outbox.splice(0)) yield event;
    if (verdict !== undefined) return verdict;
  }
  return undefined;
}

/** The ending a verdict asks for now; an answer it asks for is made the next request (the first one counts). */
function applyVerdict({ state }: Turn, verdict: Verdict): TurnEnding | undefined {
  if (verdict === undefined) return undefined;
  if ('end' in verdict) return verdict.end;
  state.finalAnswerFor ??= verdict.answer;
  return undefined;
}

/**
 * Ends a step: the host's `onStepFinish` hears of it with the calls it recorded, raced against the turn's signal,
 * so a turn aborted while the step settled (a final-answer tool's answer checked against the output schema, the
 * round's calls run) ends here; without the hook the step is not even written, and the signal is checked alone.
 */
async function finishStep({ state, options, signal }: Turn, step: ResponseStep): Promise<void> {
  if (options.onStepFinish === undefined) {
    signal.throwIfAborted();
    return;
  }
  await reportStepInfo({
    options,
    signal,
    step: { ...step.info, toolCalls: state.toolCalls.slice(step.recordedBefore) },
  });
}

/**
 * Hands the host a checkpoint of the turn (`onCheckpoint`): between two passes of the cycle, or, for a turn
 * that keeps a tool journal, before its first request and as each round's calls start.
 */
async function saveCheckpoint(turn: Turn, make = () => toTurnCheckpoint(turn)): Promise<void> {
  const { onCheckpoint } = turn.options;
  // Without a reader, the checkpoint (copies of the transcript's lists) is not made.
  if (onCheckpoint === undefined) return;
  await callHook('onCheckpoint', turn.signal, () => onCheckpoint(make()));
}

/**
 * The step a resumed turn starts with: a paused turn's calls that wait, with their decisions, or the calls a
 * checkpoint's turn was running, as they were decided.
 */
function resumedStep({ state, options }: Turn): ResponseStep | undefined {
  const { resume } = options;
  const running = resume?.turn.runningStep;
  const pausedStep = running ?? resume?.turn.pausedStep;
  const calls = waitingCalls(state.messages);
  // The calls of a round that ran were decided then: approved, unless the decisions denied them. Deciding them
  // again (a host with a stricter approval rule) could pause a round whose calls already ran.
  const decisions =
    running === undefined
      ? resume?.decisions
      : Object.fromEntries(
          calls.map((call) => [call.id, running.decisions?.[call.id] ?? { approved: true as const }]),
        );
  if (pausedStep === undefined || decisions === undefined) return undefined;
  return {
    info: pausedStep.step,
    calls,
    toolNames: pausedStep.toolNames,
    recordedBefore: state.toolCalls.length,
    decisions,
  };
}
