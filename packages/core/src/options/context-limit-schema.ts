import { z } from 'zod';
import type { Model } from '../model/model.js';
import { isModel } from './loop-input-schemas.js';
import { optionsObjectSchema } from './options-object-schema.js';
import {
  asJson,
  booleanSchema,
  countSchema,
  expectedGot,
  runtimeObjectSchema,
  sentCountSchema,
  textSchema,
} from './option-value-schemas.js';

const summaryFields = {
  instructions: textSchema("the summary model's instructions as text")
    .optional()
    .describe("The summary model's system prompt; default: the loop's own."),
  maxTokens: sentCountSchema.optional().describe("The summary's output token limit. Default 1024."),
};

const limitCount = countSchema(1);

const limitFields = {
  maxTokens: z
    .custom<number>((value) => limitCount.safeParse(value).success, {
      error: (issue) =>
        issue.input === undefined
          ? 'expected the size past which old tool results are cleared, in tokens; it is missing.'
          : expectedGot('an integer of at least 1', issue.input),
    })
    .meta({ type: 'integer', minimum: 1 })
    .describe(
      "Tokens of a request's messages (four characters of what the model reads to a token) past which older tool results are cleared.",
    ),
  keepToolResults: countSchema(0)
    .optional()
    .describe('The most recent tool results sent whole (the latest round always is). Default 3.'),
  excludeTools: z
    .custom<string[]>(
      (value) => Array.isArray(value) && value.every((name) => typeof name === 'string' && name !== ''),
      { error: (issue) => expectedGot('a list of tool names', issue.input, asJson) },
    )
    .meta({ type: 'array', items: { type: 'string', minLength: 1 } })
    .optional()
    .describe('Tools whose results are never cleared.'),
};

function createContextLimitSchema<SUMMARY extends z.ZodType>({
  summary,
  forms,
}: {
  summary: SUMMARY;
  forms: string;
}) {
  return optionsObjectSchema(
    {
      ...limitFields,
      summarize: z
        .union([booleanSchema, summary], { error: (issue) => expectedGot(forms, issue.input, asJson) })
        .optional()
        .describe(
          "Condense the rounds before the kept results into a summary (one request to the turn's model) instead of clearing results; if that request fails, results are cleared.",
        ),
    },
    '{ maxTokens, keepToolResults?, excludeTools? }',
  );
}

/** `contextLimit` in a file: the summary is written by the turn's model. */
export const fileContextLimitSchema = createContextLimitSchema({
  summary: optionsObjectSchema(summaryFields),
  forms: 'true, false or { instructions?, maxTokens? }',
});

/** `contextLimit` in a call, where the summary may be written by a model of its own (`summarize.model`). */
export const callContextLimitSchema = createContextLimitSchema({
  summary: optionsObjectSchema({
    model: runtimeObjectSchema<Model>(isModel, 'expected a Model with a stream() method.').optional(),
    ...summaryFields,
  }),
  forms: 'true, false or { model?, instructions?, maxTokens? }',
});
