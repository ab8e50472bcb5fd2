import {
  CreateMessageResultSchema,
  CreateMessageResultWithToolsSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitResult,
  type ListRootsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { z } from 'zod';
import type { InputRequest } from './input-request.js';

/** The client's answer to one question, checked. */
export type InputAnswer = ElicitResult | CreateMessageResult | CreateMessageResultWithTools | ListRootsResult;

/**
 * Checks the client's answer to `request` as the 2025-11-25 SDK checks the answer to its own request: the
 * result's shape, and a form's content against its `requestedSchema`. Throws an error that says what is wrong.
 */
export function checkInputAnswer(options: {
  request: InputRequest;
  answer: unknown;
  validator: jsonSchemaValidator;
}): InputAnswer {
  const { request, answer, validator } = options;
  switch (request.method) {
    case 'elicitation/create': {
      const result = parseAnswer({ answer, schema: ElicitResultSchema, what: 'elicitation' });
      const { params } = request;
      if (params.mode !== 'url' && result.action === 'accept' && result.content !== undefined) {
        const check = validator.getValidator(params.requestedSchema)(result.content);
        if (!check.valid) {
          throw new Error(
            `Elicitation response content does not match requested schema: ${check.errorMessage}`,
          );
        }
      }
      return result;
    }
    case 'sampling/createMessage':
      return parseAnswer({
        answer,
        schema:
          request.params.tools === undefined ? CreateMessageResultSchema : CreateMessageResultWithToolsSchema,
        what: 'sampling',
      });
    case 'roots/list':
      return parseAnswer({ answer, schema: ListRootsResultSchema, what: 'roots' });
    default: {
      const unknownRequest: never = request;
      throw new Error(`Unknown input request: ${JSON.stringify(unknownRequest)}`);
    }
  }
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
