import type {
  CreateMessageRequest,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * What a 2026-07-28 server asks the client for in an `input_required` answer: an elicitation (a URL one
 * without the 2025-11-25 `elicitationId`) or a sampling request.
 */
export type InputRequest =
  | {
      method: 'elicitation/create';
      params: ElicitRequestFormParams | Omit<ElicitRequestURLParams, 'elicitationId'>;
    }
  | { method: 'sampling/createMessage'; params: CreateMessageRequest['params'] }
  | { method: 'roots/list'; params?: Record<string, never> };

/** The questions of one round, by the names the client answers them under. */
export type InputRound = Record<string, InputRequest>;

/**
 * Thrown while a 2026-07-28 call is answered and its response asks questions the client has not answered
 * yet: the call is answered with `input_required` carrying `round`, and delivered again on the retry.
 */
export class InputNeeded extends Error {
  readonly round: InputRound;

  constructor(round: InputRound) {
    super(`The client is asked for input (${Object.keys(round).join(', ')}).`);
    this.name = 'InputNeeded';
    this.round = round;
  }
}
