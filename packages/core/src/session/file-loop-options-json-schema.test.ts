import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileLoopOptionsSchema } from '../options/file-loop-options-schema.js';
import { toZodSchema } from './to-zod-schema.js';

describe('the JSON Schema of the loop options a file holds', () => {
  it('is the one committed beside this test: editors and the scenario format show it, so it changes only on purpose', async () => {
    const jsonSchema = z.toJSONSchema(toZodSchema(fileLoopOptionsSchema), {
      io: 'input',
      unrepresentable: 'any',
    });

    await expect(`${JSON.stringify(jsonSchema, null, 2)}\n`).toMatchFileSnapshot(
      './file-loop-options.schema.json',
    );
  });
});
