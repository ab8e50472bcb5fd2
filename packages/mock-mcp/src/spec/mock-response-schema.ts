import { z } from 'zod';
import { createCheckOneAction, responseFields } from './response-fields.js';
import { sampleSpecSchema } from './sample-spec-schema.js';

/**
 * One scripted response of a mock tool. Exactly one action field (`text`/`content`/`structuredContent`,
 * `error`, `throw`, `crash`, `hang`, `sample`), plus the optional `match`, `times`, `delayMs` and `progress`.
 */
export const mockResponseSchema = z
  .strictObject({ ...responseFields, sample: sampleSpecSchema.optional() })
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
    ]),
  );

/** One scripted response as written in a spec, before validation. */
export type MockResponseInput = z.input<typeof mockResponseSchema>;

/** One validated scripted response (`toResponseAction` says what it does). */
export type MockResponse = z.output<typeof mockResponseSchema>;
