import { z } from 'zod';
import { contentBlockSchema } from './content-block-schema.js';
import { createCheckOneAction, faultFields, scriptFields } from './response-fields.js';

/** One MCP `PromptMessage`: a role and one content block; a plain string is short for one text block. */
const promptMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']).describe('Who speaks: user or assistant.'),
  content: z
    .union([z.string().transform((text) => ({ type: 'text' as const, text })), contentBlockSchema])
    .describe('A text, or one content block (text, image, audio, resource_link, resource).'),
});

/**
 * One scripted answer to `prompts/get`: its `messages` (with an optional `description`) or a fault (`throw`,
 * `crash`, `hang`), chosen like a tool response by `match` (on the prompt's arguments) and `times`.
 */
export const promptResponseSchema = z
  .strictObject({
    ...scriptFields,
    description: z.string().optional().describe('The description sent with the messages.'),
    messages: z
      .array(promptMessageSchema)
      .optional()
      .describe('Answer with these messages; {{argument}} in their strings is the argument given.'),
    ...faultFields,
  })
  .transform(createCheckOneAction(['messages', 'throw', 'crash', 'hang']));

/** One validated answer to `prompts/get`. */
export type PromptResponse = z.output<typeof promptResponseSchema>;
