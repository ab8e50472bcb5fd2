import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ObjectSchema } from '../options/option-schema.js';
import { countSchema } from '../options/option-value-schemas.js';
import { fileLoopOptionsSchema } from '../options/file-loop-options-schema.js';
import { renameValueKeys } from './rename-value-keys.js';
import { toSnakeCaseName } from './snake-case-names.js';
import { toZodSchema } from './to-zod-schema.js';

// An option the loop does not have, added as a new one would be: its zod and snake_case forms follow.
const extended = new ObjectSchema({
  ...fileLoopOptionsSchema.shape,
  maxWebSearches: new ObjectSchema({ perTurn: countSchema(1).optional().describe('Searches per turn.') })
    .optional()
    .describe('Web searches: { perTurn }.'),
});
const snakeCase = toZodSchema(extended, {
  rename: toSnakeCaseName,
  renameText: (text) => text.replace('perTurn', 'per_turn'),
});

describe('toZodSchema', () => {
  it('gives a new option its snake_case name, its checks and its description', () => {
    expect(snakeCase.safeParse({ max_web_searches: { per_turn: 2 } }).success).toBe(true);
    expect(snakeCase.safeParse({ max_web_searches: { per_turn: 0 } }).error?.issues[0]).toMatchObject({
      path: ['max_web_searches', 'per_turn'],
      message: 'expected an integer of at least 1, got 0.',
    });
    expect(snakeCase.safeParse({ max_web_searches: { perTurn: 2 } }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      message: "did you mean 'per_turn'?",
    });
    const jsonSchema = z.toJSONSchema(snakeCase, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { description?: string; properties?: Record<string, unknown> }>;
    };
    expect(jsonSchema.properties.max_web_searches).toMatchObject({
      description: 'Web searches: { per_turn }.',
      properties: { per_turn: { type: 'integer', minimum: 1, description: 'Searches per turn.' } },
    });
  });

  it('keeps the checks of the camelCase form it was made from', () => {
    const camelCase = toZodSchema(extended);

    expect(camelCase.safeParse({ maxWebSearches: { perTurn: 3 }, maxRounds: 2 }).success).toBe(true);
    expect(camelCase.safeParse({ maxToolCalls: -1 }).error?.issues).toMatchObject([
      {
        code: 'invalid_union',
        message: 'expected a number (per message) or { perMessage?, perSession? }, got -1.',
      },
    ]);
  });
});

describe('renameValueKeys', () => {
  it('renames the keys of a value back, but not the keys of a record', () => {
    expect(
      renameValueKeys({
        value: {
          max_web_searches: { per_turn: 2 },
          prices: { gpt_5: { input_per_million: 1, output_per_million: 2 } },
        },
        schema: snakeCase,
        rename: (name) => name.replace(/_([a-z0-9])/gu, (_match, letter: string) => letter.toUpperCase()),
      }),
    ).toEqual({
      maxWebSearches: { perTurn: 2 },
      prices: { gpt_5: { inputPerMillion: 1, outputPerMillion: 2 } },
    });
  });
});
