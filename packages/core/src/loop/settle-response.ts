import type { Verdict } from './features/turn-feature.js';
import type { LoopEvent } from './loop-event.js';
import { answerUnrunCalls, whyResponseCallsNotRun } from './report-turn.js';
import type { ResponseStep } from './response-step.js';
import { checkAnswerOutput, takeFinalAnswer, type OutputStep } from './settle-output.js';
import type { Turn } from './turn.js';
import { endingForResponse, type TurnEnding } from './turn-ending.js';

/**
 * What a response leads to: a tool round for its calls; the next request, which continues a paused answer; the
 * end of the turn with its answer (once checked against `output`); or an answer given through the final-answer
 * tool, checked already.
 */
export type SettledResponse =
  | { type: 'round' }
  | { type: 'continue' }
  | { type: 'answer'; ending: TurnEnding }
  | { type: 'final-answer'; checked: OutputStep };

/**
 * Decides what a response leads to. A response that ends the turn has its calls answered without running, so
 * that the transcript stays one the APIs take.
 */
export async function* settleResponse(
  turn: Turn,
  step: ResponseStep,
): AsyncGenerator<LoopEvent, SettledResponse> {
  const { state, options } = turn;
  if (state.paused && step.calls.length === 0) return { type: 'continue' };
  // An answer given through the final-answer tool (`output` with a model that has no structured output).
  const checked = yield* takeFinalAnswer({
    state,
    calls: step.calls,
    options,
    finalAnswerFor: state.finalAnswerFor,
  });
  if (checked !== undefined) return { type: 'final-answer', checked };
  const ending = endingForResponse({
    finishReason: step.info.response.finishReason,
    toolCallCount: step.calls.length,
    finalAnswerFor: state.finalAnswerFor,
  });
  if (ending === undefined) return { type: 'round' };
  const why = whyResponseCallsNotRun(ending);
  for (const event of answerUnrunCalls({ state, calls: step.calls, why, options })) yield event;
  return { type: 'answer', ending };
}

/**
 * After the step is reported: a paused answer goes on; an answer ends the turn once checked against `output`,
 * or, when it does not match, gets one repair request without tools.
 */
export async function settleAnswer(
  turn: Turn,
  settled: Exclude<SettledResponse, { type: 'round' }>,
): Promise<Verdict> {
  if (settled.type === 'continue') return undefined;
  const checked =
    settled.type === 'answer'
      ? await checkAnswerOutput({ state: turn.state, options: turn.options, ending: settled.ending })
      : settled.checked;
  if (checked.type === 'end') return { end: checked.ending };
  // The final-answer tool's call and its result make a round of their own.
  if (settled.type === 'final-answer') turn.state.rounds += 1;
  return { answer: { reason: 'completed' } };
}
