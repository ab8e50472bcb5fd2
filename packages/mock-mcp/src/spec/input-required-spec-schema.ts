import { z } from 'zod';
import { findModeProblem, requestedSchemaSchema } from './elicit-spec-schema.js';
import { followUpResponseSchema, type FollowUpResponse } from './follow-up-response-schema.js';
import { sampleSpecSchema } from './sample-spec-schema.js';

/** An elicitation asked as one of a round's questions: what the user is asked, in a form or at a URL. */
const elicitQuestionSchema = z
  .strictObject({
    mode: z.enum(['form', 'url']).default('form').describe('form (the default) or url.'),
    message: z.string().describe('What the user is asked, and why.'),
    requestedSchema: requestedSchemaSchema
      .optional()
      .describe('Form mode: the fields asked for, as a flat JSON Schema object.'),
    url: z.url().optional().describe('URL mode: the page the user opens.'),
  })
  .transform((elicit, context) => {
    const problem = findModeProblem(elicit);
    if (problem !== undefined) {
      context.addIssue({ code: 'custom', message: problem, input: elicit });
      return z.NEVER;
    }
    return elicit;
  });

/** One question of a round: an elicitation, a sampling request, or the client's roots. */
const inputQuestionSchema = z.union([
  z.strictObject({ elicit: elicitQuestionSchema.describe('Ask the user (elicitation/create).') }),
  z.strictObject({
    sample: sampleSpecSchema
      .pick({ messages: true, systemPrompt: true, maxTokens: true, temperature: true, stopSequences: true })
      .describe("Ask the client's model (sampling/createMessage), without tools."),
  }),
  z.strictObject({
    roots: z.strictObject({}).describe('Ask for the directories and files the client shares (roots/list).'),
  }),
]);

/** A question of a round, validated. */
export type InputQuestion = z.output<typeof inputQuestionSchema>;

/** A name for an answer, as placeholders and the 2026-07-28 `inputRequests` name it. */
const questionKeySchema = z
  .string()
  .regex(/^[A-Za-z_][\w-]*$/u, 'a name: a letter or _, then letters, digits, _ or -');

/** A round of questions and what follows it: another round, or the answer (a tool's by default). */
export interface InputRequiredSpec<Then = FollowUpResponse> {
  ask: Record<string, InputQuestion>;
  then: Then | { inputRequired: InputRequiredSpec<Then> };
}

/**
 * The schema of an `inputRequired` answer whose final answer `then` validates: a round of questions asked
 * together (`ask`, by name), then `then`, in which `{{name}}` is an answer (the user's action, the model's text,
 * the roots' URIs joined with commas) and `{{name.field}}` a field the user filled in; or `{ inputRequired }`,
 * another round.
 */
export function createInputRequiredSchema<Then>(
  then: z.ZodType<Then>,
  thenIs: string,
): z.ZodType<InputRequiredSpec<Then>> {
  const schema: z.ZodType<InputRequiredSpec<Then>> = z.lazy(() =>
    z.strictObject({
      ask: z
        .record(questionKeySchema, inputQuestionSchema)
        .refine((questions) => Object.keys(questions).length > 0, 'at least one question')
        .describe('The questions of the round, by name: each { elicit }, { sample } or { roots: {} }.'),
      then: z
        .union([z.strictObject({ inputRequired: schema.describe('Another round of questions.') }), then])
        .describe(
          `What follows the answers: ${thenIs} (with {{name}} and {{name.field}} filled in), or { inputRequired }, another round.`,
        ),
    }),
  );
  return schema;
}

/** The `inputRequired` answer of a tool: its final answer is a tool result or a fault. */
export const inputRequiredSpecSchema = createInputRequiredSchema(
  followUpResponseSchema,
  'the tool result or fault',
);
