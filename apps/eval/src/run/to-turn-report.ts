import type { FakeLlmScriptHandle, RecordedRequest } from '@toolloop/fake-llm';
import type { TurnReport } from '../report/run-report.js';
import type { ElicitationRecord } from './create-elicitation-answers.js';
import type { TurnObservation } from './create-turn-observer.js';
import { summarizeRequest } from './summarize-request.js';

/** What a turn's report says for its user message when the turn continued a paused one, with its approvals. */
export const continuedTurnUser = '(continues the paused turn with its approvals)';

/** A turn as reports show it: what the loop returned, what streamed, and what each request carried. */
export function toTurnReport({
  user,
  observation,
  received,
  route,
  elicitations,
}: {
  /** The turn's user message; none when it continues a paused turn. */
  user: string | undefined;
  observation: TurnObservation;
  /** The turn's requests, as the fake LLM (or the live proxy) received them. */
  received: readonly RecordedRequest[];
  /** The scenario's route on the fake LLM, whose streams the summaries describe. */
  route: FakeLlmScriptHandle;
  elicitations: ElicitationRecord[];
}): TurnReport {
  const { result } = observation;
  return {
    user: user ?? continuedTurnUser,
    stopReason: result.stopReason,
    rounds: result.rounds,
    iterations: result.iterations,
    toolCalls: result.toolCalls,
    text: result.text,
    thinking: observation.thinking,
    usage: result.usage,
    ...(result.cost === undefined ? {} : { cost: result.cost.total }),
    durationMs: result.durationMs,
    timeline: observation.timeline,
    requests: received.map((request, index) =>
      summarizeRequest(
        request,
        index,
        route.streams.find((stream) => stream.requestIndex === request.index),
      ),
    ),
    elicitations,
  };
}
