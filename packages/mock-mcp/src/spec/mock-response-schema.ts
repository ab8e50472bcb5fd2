import { z } from 'zod';
import { elicitSpecSchema } from './elicit-spec-schema.js';
import { checkAnswerPlaceholders } from './check-answer-placeholders.js';
import { inputRequiredSpecSchema } from './input-required-spec-schema.js';
import { createCheckOneAction, responseFields } from './response-fields.js';
import { sampleSpecSchema } from './sample-spec-schema.js';

/**
 * One scripted response of a mock tool. Exactly one action field (`text`/`content`/`structuredContent`,
 * `error`, `throw`, `crash`, `hang`, `sample`, `elicit`, `inputRequired`), plus the optional `match`, `times`, `delayMs`,
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
    inputRequired: inputRequiredSpecSchema
      .optional()
      .describe(
        'Ask a round of questions together (elicit, sample, roots by name), then answer from the answers (or ask another round).',
      ),
  })
  .transform((response, context) => {
    if (response.inputRequired !== undefined) {
      checkAnswerPlaceholders({ spec: response.inputRequired, path: ['inputRequired'], context });
    }
    return response;
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
      'inputRequired',
    ]),
  );

/** One scripted response as written in a spec, before validation. */
export type MockResponseInput = z.input<typeof mockResponseSchema>;

/** One validated scripted response (`toResponseAction` says what it does). */
export type MockResponse = z.output<typeof mockResponseSchema>;
