import { z } from 'zod';
import { contentBlockSchema } from './content-block-schema.js';
import { createInputRequiredSchema } from './input-required-spec-schema.js';
import { createCheckOneAction, faultFields, scriptFields } from './response-fields.js';

/** One MCP `PromptMessage`: a role and one content block; a plain string is short for one text block. */
const promptMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']).describe('Who speaks: user or assistant.'),
  content: z
    .union([z.string().transform((text) => ({ type: 'text' as const, text })), contentBlockSchema])
    .describe('A text, or one content block (text, image, audio, resource_link, resource).'),
});

/** The messages of a prompt's answer, with an optional description. */
const promptAnswerSchema = z.strictObject({
  description: z.string().optional().describe('The description sent with the messages.'),
  messages: z.array(promptMessageSchema).describe('The messages of the prompt.'),
});

/** The answer to `prompts/get` that follows a prompt's rounds of questions. */
export type PromptAnswer = z.output<typeof promptAnswerSchema>;

/**
 * One scripted answer to `prompts/get`: its `messages` (with an optional `description`), a fault (`throw`,
 * `crash`, `hang`), or rounds of questions (`inputRequired`) and then messages, chosen like a tool response by `match` (on the prompt's arguments) and `times`.
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
    inputRequired: createInputRequiredSchema(
      promptAnswerSchema,
      'the prompt messages, with an optional description',
    )
      .optional()
      .describe(
        'Ask a round of questions together (elicit, sample, roots by name), then answer with messages filled from the answers (or ask another round).',
      ),
  })
  .transform(createCheckOneAction(['messages', 'throw', 'crash', 'hang', 'inputRequired']));

/** One validated answer to `prompts/get`. */
export type PromptResponse = z.output<typeof promptResponseSchema>;
