import { z } from 'zod';
import { checkAnswerPlaceholders } from './check-answer-placeholders.js';
import { checkPlaceholders } from './check-placeholders.js';
import { promptResponseSchema } from './prompt-response-schema.js';

const promptArgumentSchema = z.strictObject({
  name: z.string().min(1).describe("The argument's name."),
  title: z.string().optional().describe('A display name.'),
  description: z.string().optional().describe('What the argument is.'),
  required: z.boolean().optional().describe('prompts/get without it is an error (InvalidParams).'),
  complete: z
    .array(z.string())
    .optional()
    .describe('The values completion/complete offers (those that start with what was typed).'),
});

/** One mock prompt: how `prompts/list` shows it, and the `responses` tried in order for each `prompts/get`. */
export const mockPromptSchema = z
  .strictObject({
    name: z.string().min(1).describe("The prompt's name, unique on its server."),
    title: z.string().optional().describe('A display name.'),
    description: z.string().optional().describe('What the prompt is for.'),
    arguments: z.array(promptArgumentSchema).optional().describe("The prompt's arguments."),
    responses: z
      .array(promptResponseSchema)
      .describe('Tried in order for each get; match tests the arguments, {{argument}} fills them in.'),
  })
  // A transform, not a refinement, so that it runs only when the fields are valid.
  .transform((prompt, context) => {
    const known = (prompt.arguments ?? []).map((argument) => argument.name);
    prompt.responses.forEach((response, index) => {
      const { inputRequired, ...rest } = response;
      checkPlaceholders({
        value: rest,
        known,
        knownAs: `arguments of prompt '${prompt.name}'`,
        path: ['responses', index],
        context,
      });
      // Its answer may name the arguments and the answers; its questions are filled with the arguments.
      if (inputRequired !== undefined) {
        checkAnswerPlaceholders({
          spec: inputRequired,
          path: ['responses', index, 'inputRequired'],
          context,
          known,
        });
      }
    });
    return prompt;
  });

/** One validated mock prompt. */
export type MockPrompt = z.output<typeof mockPromptSchema>;
