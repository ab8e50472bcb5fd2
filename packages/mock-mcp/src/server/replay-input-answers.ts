import {
  CreateMessageResultSchema,
  CreateMessageResultWithToolsSchema,
  ElicitResultSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { z } from 'zod';
import { InputNeeded, type InputRequest } from './input-request.js';

/**
 * How a 2026-07-28 call asks for input. The server keeps no call running between rounds: each request of the
 * call delivers its response again from the start, and the n-th question it asks is answered with the n-th
 * answer received so far; the first question without one ends the delivery with `InputNeeded` (the call is
 * answered `input_required`). Answers are checked as the 2025-11-25 SDK checks the answer to its own request:
 * the result's shape, and a form's content against `requestedSchema`.
 */
export function replayInputAnswers(options: {
  answers: readonly unknown[];
  validator: jsonSchemaValidator;
}): {
  replaying: () => boolean;
  elicitInput: (params: ElicitRequestFormParams | ElicitRequestURLParams) => Promise<ElicitResult>;
  createMessage: (
    params: CreateMessageRequest['params'],
  ) => Promise<CreateMessageResult | CreateMessageResultWithTools>;
} {
  const { answers, validator } = options;
  let consumed = 0;
  const nextAnswer = (request: InputRequest): unknown => {
    if (consumed >= answers.length) throw new InputNeeded(request);
    consumed += 1;
    return answers[consumed - 1];
  };
  return {
    replaying: () => consumed < answers.length,
    elicitInput: (params) =>
      settle(() => {
        const answer = parseAnswer({
          answer: nextAnswer({ method: 'elicitation/create', params: withoutElicitationId(params) }),
          schema: ElicitResultSchema,
          what: 'elicitation',
        });
        if (params.mode !== 'url' && answer.action === 'accept' && answer.content !== undefined) {
          const check = validator.getValidator(params.requestedSchema)(answer.content);
          if (!check.valid) {
            throw new Error(
              `Elicitation response content does not match requested schema: ${check.errorMessage}`,
            );
          }
        }
        return answer;
      }),
    createMessage: (params) =>
      settle(() =>
        parseAnswer({
          answer: nextAnswer({ method: 'sampling/createMessage', params }),
          schema: params.tools === undefined ? CreateMessageResultSchema : CreateMessageResultWithToolsSchema,
          what: 'sampling',
        }),
      ),
  };
}

/** The 2026-07-28 URL elicitation has no `elicitationId`: the call's own `requestState` ties the rounds together. */
function withoutElicitationId(
  params: ElicitRequestFormParams | ElicitRequestURLParams,
): InputRequest['params'] & (ElicitRequestFormParams | Omit<ElicitRequestURLParams, 'elicitationId'>) {
  if (params.mode !== 'url') return params;
  const { elicitationId: _dropped, ...rest } = params;
  return rest;
}

function parseAnswer<Schema extends z.ZodType>(options: {
  answer: unknown;
  schema: Schema;
  what: string;
}): z.output<Schema> {
  const parsed = options.schema.safeParse(options.answer);
  if (!parsed.success) {
    throw new Error(
      `The client's answer to the ${options.what} request is not a valid result: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

/** The value of `compute` as a promise; what it throws, a rejection. */
function settle<Value>(compute: () => Value): Promise<Value> {
  try {
    return Promise.resolve(compute());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
