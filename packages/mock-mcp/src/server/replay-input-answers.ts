import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { checkInputAnswer } from './check-input-answer.js';
import { InputNeeded, type InputRequest, type InputRound } from './input-request.js';

/**
 * How a 2026-07-28 call asks for input. The server keeps no call running between rounds: each request of the
 * call delivers its response again from the start, and the n-th round of questions it asks is answered with
 * the n-th round of answers received so far; the first round without one ends the delivery with `InputNeeded`
 * (the call is answered `input_required`). A lone question (an `elicit` or `sample` response, each request of a
 * sampled tool loop) is a round of its own, named `input-<n>`.
 */
export function replayInputAnswers(options: {
  answers: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** How many rounds were asked before: until the delivery is past them, it is replaying. */
  asked: number;
  validator: jsonSchemaValidator;
}): {
  replaying: () => boolean;
  askRound: (round: InputRound) => Promise<Record<string, unknown>>;
  elicitInput: (params: ElicitRequestFormParams | ElicitRequestURLParams) => Promise<ElicitResult>;
  createMessage: (
    params: CreateMessageRequest['params'],
  ) => Promise<CreateMessageResult | CreateMessageResultWithTools>;
} {
  const { answers, validator } = options;
  let consumed = 0;
  const nextRound = (round: InputRound): Readonly<Record<string, unknown>> => {
    const answered = answers[consumed];
    if (answered === undefined) throw new InputNeeded(round);
    consumed += 1;
    return answered;
  };
  const askOne = (request: InputRequest): unknown => {
    const key = `input-${consumed + 1}`;
    return checkInputAnswer({ request, answer: nextRound({ [key]: request })[key], validator });
  };
  return {
    replaying: () => consumed < Math.max(answers.length, options.asked),
    askRound: (round) => settle(() => ({ ...nextRound(round) })),
    elicitInput: (params) =>
      settle(
        () => askOne({ method: 'elicitation/create', params: withoutElicitationId(params) }) as ElicitResult,
      ),
    createMessage: (params) =>
      settle(
        () =>
          askOne({ method: 'sampling/createMessage', params }) as
            CreateMessageResult | CreateMessageResultWithTools,
      ),
  };
}

/** The 2026-07-28 URL elicitation has no `elicitationId`: the call's own `requestState` ties the rounds together. */
function withoutElicitationId(
  params: ElicitRequestFormParams | ElicitRequestURLParams,
): ElicitRequestFormParams | Omit<ElicitRequestURLParams, 'elicitationId'> {
  if (params.mode !== 'url') return params;
  const { elicitationId: _dropped, ...rest } = params;
  return rest;
}

/** The value of `compute` as a promise; what it throws, a rejection. */
function settle<Value>(compute: () => Value): Promise<Value> {
  try {
    return Promise.resolve(compute());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
