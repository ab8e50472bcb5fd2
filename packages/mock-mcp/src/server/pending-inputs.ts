import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { InputRound } from './input-request.js';
import { pickAnswers } from './pick-answers.js';
import { invalidRequestStateError, requestStateOfAnotherRequestError } from './request-state-errors.js';

/** A 2026-07-28 answer that asks the client for input before the request can be answered. */
export interface InputRequiredResult {
  [key: string]: unknown;
  resultType: 'input_required';
  inputRequests: InputRound;
  requestState: string;
}

/** How far a 2026-07-28 request has come, carried from each of its requests to the next. */
export interface CallProgress {
  /** The answers received so far, a round (answers by name) each, in the order the response asked them. */
  answers: Array<Record<string, unknown>>;
  /** How many rounds were asked: up to the last, the response's side effects have happened. */
  asked: number;
  /**
   * The response of the server's own tools chosen for each call a sampled model made, in order, so that a
   * delivery again chooses the same, and counts no use (`times`) twice.
   */
  picks: Array<number | undefined>;
}

/** A request's progress before its first round. */
export const noProgress = (): CallProgress => ({ answers: [], asked: 0, picks: [] });

/** The most requests of one kind a server keeps waiting for answers; past it the oldest is dropped. */
export const maxPendingInputs = 1000;

/** A request, as a retry must repeat it: what it asked (a tool, a prompt) and with which arguments. */
export interface PendingRequest {
  /** "call of 'book'", "prompt 'brief'": for the message that refuses a retry of another request. */
  describe: string;
  name: string;
  arguments: unknown;
}

/**
 * The 2026-07-28 requests of one kind (tool calls, prompts) waiting for the client's answers, each by the
 * `requestState` its `input_required` answer gave out, which a retry echoes once: it holds what the request
 * goes on with (`Held`), its progress, and the round asked. At most `maxPendingInputs` wait; past that the
 * oldest is dropped (`onDropped`).
 */
export interface PendingInputs<Held> {
  /**
   * The request a retry goes on with, its answers added when it brings every answer of the round (else the
   * round is asked again); `undefined` for a first request. A `requestState` this server did not give out, or
   * gave for another request or already took, is refused with `-32602`.
   */
  resume: (retry: {
    requestState: string | undefined;
    inputResponses: Record<string, unknown> | undefined;
    name: string;
    arguments: unknown;
  }) => { held: Held; progress: CallProgress } | undefined;
  /** Keeps the request for its retry and answers it `input_required`; `newRound` is false for a round asked again. */
  ask: (options: { request: PendingRequest; held: Held; progress: CallProgress; round: InputRound }) => {
    result: InputRequiredResult;
    newRound: boolean;
  };
  /** Drops every request still waiting, and gives back what each held. */
  clear: () => Held[];
}

interface Pending<Held> {
  request: PendingRequest;
  held: Held;
  progress: CallProgress;
  round: InputRound;
}

export function createPendingInputs<Held>({
  onDropped,
}: {
  onDropped?: (held: Held) => void;
} = {}): PendingInputs<Held> {
  const waiting = new Map<string, Pending<Held>>();
  return {
    resume: ({ requestState, inputResponses, name, arguments: args }) => {
      if (requestState === undefined) return undefined;
      const pending = waiting.get(requestState);
      if (pending === undefined) throw invalidRequestStateError();
      if (pending.request.name !== name || !isDeepStrictEqual(pending.request.arguments, args)) {
        throw requestStateOfAnotherRequestError(pending.request.describe);
      }
      waiting.delete(requestState);
      const answered = pickAnswers({ round: pending.round, responses: inputResponses });
      const { progress } = pending;
      return {
        held: pending.held,
        progress:
          answered === undefined ? progress : { ...progress, answers: [...progress.answers, answered] },
      };
    },
    ask: ({ request, held, progress, round }) => {
      const asked = progress.answers.length + 1;
      const requestState = randomUUID();
      waiting.set(requestState, { request, held, progress: { ...progress, asked }, round });
      for (const [key, oldest] of waiting) {
        if (waiting.size <= maxPendingInputs) break;
        waiting.delete(key);
        onDropped?.(oldest.held);
      }
      return {
        result: { resultType: 'input_required', inputRequests: round, requestState },
        newRound: asked > progress.asked,
      };
    },
    clear: () => {
      const held = [...waiting.values()].map((pending) => pending.held);
      waiting.clear();
      return held;
    },
  };
}
