import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countSchema } from '../options/option-value-schemas.js';
import { fileLoopOptionsSchema } from '../options/tool-loop-options-schema.js';
import { toSnakeCaseName } from './snake-case-names.js';
import { renameSchemaKeys, renameValueKeys } from './snake-case-schema.js';

// An option the loop does not have, added as a new one would be: the session's form follows with no list edited.
const extended = fileLoopOptionsSchema.extend({
  maxWebSearches: z
    .strictObject({ perTurn: countSchema(1).optional() })
    .optional()
    .describe('Web searches: { perTurn }.'),
});
const renamed = renameSchemaKeys({
  schema: extended,
  rename: toSnakeCaseName,
  renameText: (text) => text.replace('perTurn', 'per_turn'),
});

describe('renameSchemaKeys', () => {
  it('gives a new option its snake_case name, its checks and its description', () => {
    expect(renamed.safeParse({ max_web_searches: { per_turn: 2 } }).success).toBe(true);
    expect(renamed.safeParse({ max_web_searches: { per_turn: 0 } }).error?.issues[0]).toMatchObject({
      path: ['max_web_searches', 'per_turn'],
      message: 'expected an integer of at least 1, got 0.',
    });
    expect(renamed.safeParse({ maxWebSearches: { perTurn: 2 } }).success).toBe(false);
    const jsonSchema = z.toJSONSchema(renamed, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { description?: string }>;
    };
    expect(jsonSchema.properties.max_web_searches?.description).toBe('Web searches: { per_turn }.');
  });

  it('renames the keys of a value back, but not the keys of a record or a JSON Schema', () => {
    expect(
      renameValueKeys({
        value: {
          max_web_searches: { per_turn: 2 },
          prices: { gpt_5: { input_per_million: 1, output_per_million: 2 } },
        },
        schema: renamed,
        rename: (name) => name.replace(/_([a-z0-9])/gu, (_match, letter: string) => letter.toUpperCase()),
      }),
    ).toEqual({
      maxWebSearches: { perTurn: 2 },
      prices: { gpt_5: { inputPerMillion: 1, outputPerMillion: 2 } },
    });
  });
});
