import { z } from 'zod';
import { delayMsSchema } from './delay-ms-schema.js';
import { createCheckOneAction, faultFields, toolResultFields } from './response-fields.js';

/** The action fields a follow-up response may have: a tool result or a fault. */
export const followUpActions = ['text', 'content', 'structuredContent', 'error', 'throw', 'crash', 'hang'];

/**
 * How a tool answers once the client has answered its elicitation: a tool result (`text`, `content`,
 * `structuredContent`, `error`) or a fault (`throw`, `crash`, `hang`), after `delayMs`.
 */
export const followUpResponseSchema = z
  .strictObject({
    ...toolResultFields,
    ...faultFields,
    delayMs: delayMsSchema.optional().describe('Milliseconds to wait before answering.'),
  })
  .transform(createCheckOneAction(followUpActions));

/** A validated follow-up response. */
export type FollowUpResponse = z.output<typeof followUpResponseSchema>;
