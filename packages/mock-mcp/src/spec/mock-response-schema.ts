import { z } from 'zod';
import { elicitSpecSchema } from './elicit-spec-schema.js';
import { createCheckOneAction, responseFields } from './response-fields.js';
import { sampleSpecSchema } from './sample-spec-schema.js';

/**
 * One scripted response of a mock tool. Exactly one action field (`text`/`content`/`structuredContent`,
 * `error`, `throw`, `crash`, `hang`, `sample`, `elicit`), plus the optional `match`, `times`, `delayMs`,
 * `progress`, `log` and `updatedResources`.
 */
export const mockResponseSchema = z
  .strictObject({
    ...responseFields,
    sample: sampleSpecSchema
      .optional()
      .describe("Answer by sampling the client's model (sampling/createMessage) and returning what it said."),
    elicit: elicitSpecSchema
      .optional()
      .describe('Ask the user for input through the client (elicitation/create) and answer by their action.'),
  })
  .transform(
    createCheckOneAction([
      'text',
      'content',
      'structuredContent',
      'error',
      'throw',
      'crash',
      'hang',
      'sample',
      'elicit',
    ]),
  );

/** One scripted response as written in a spec, before validation. */
export type MockResponseInput = z.input<typeof mockResponseSchema>;

/** One validated scripted response (`toResponseAction` says what it does). */
export type MockResponse = z.output<typeof mockResponseSchema>;
