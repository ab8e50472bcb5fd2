import type { Model } from '../model/model.js';
import { isModel } from './loop-input-schemas.js';
import { ObjectSchema, UnionSchema, ValueSchema, type OptionSchema } from './option-schema.js';
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
  maxTokens: new ValueSchema<number>(
    (value) =>
      value === undefined
        ? 'expected the size past which old tool results are cleared, in tokens; it is missing.'
        : limitCount.refuse(value),
    { type: 'integer', minimum: 1 },
  ).describe(
    "Tokens of a request's messages (four characters of what the model reads to a token) past which older tool results are cleared.",
  ),
  keepToolResults: countSchema(0)
    .optional()
    .describe('The most recent tool results sent whole (the latest round always is). Default 3.'),
  excludeTools: new ValueSchema<string[]>(
    (value) =>
      Array.isArray(value) && value.every((name) => typeof name === 'string' && name !== '')
        ? undefined
        : expectedGot('a list of tool names', value, asJson),
    { type: 'array', items: { type: 'string', minLength: 1 } },
  )
    .optional()
    .describe('Tools whose results are never cleared.'),
};

function createContextLimitSchema<SUMMARY extends OptionSchema>({
  summary,
  forms,
}: {
  summary: SUMMARY;
  forms: string;
}) {
  return new ObjectSchema(
    {
      ...limitFields,
      summarize: new UnionSchema([booleanSchema, summary] as const, (value) =>
        expectedGot(forms, value, asJson),
      )
        .optional()
        .describe(
          "Condense the rounds before the kept results into a summary (one request to the turn's model) instead of clearing results; if that request fails, results are cleared.",
        ),
    },
    (value) => expectedGot('{ maxTokens, keepToolResults?, excludeTools? }', value, asJson),
  );
}

/** `contextLimit` in a file: the summary is written by the turn's model. */
export const fileContextLimitSchema = createContextLimitSchema({
  summary: new ObjectSchema(summaryFields),
  forms: 'true, false or { instructions?, maxTokens? }',
});

/** `contextLimit` in a call, where the summary may be written by a model of its own (`summarize.model`). */
export const callContextLimitSchema = createContextLimitSchema({
  summary: new ObjectSchema({
    model: runtimeObjectSchema<Model>(isModel, 'expected a Model with a stream() method.').optional(),
    ...summaryFields,
  }),
  forms: 'true, false or { model?, instructions?, maxTokens? }',
});
