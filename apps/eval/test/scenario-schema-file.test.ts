import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScenarioJsonSchema } from '../src/scenario/create-scenario-json-schema.js';
import { listJsonSchemaContents } from './support/list-json-schema-fields.js';

describe('scenario.schema.json', () => {
  it('is the schema the runner validates with (regenerate: pnpm --filter @toolloop/eval schema)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'scenario.schema.json'), 'utf8'),
    );

    expect(committed).toEqual(createScenarioJsonSchema());
  });

  it('describes every property, so editors show help on hover (add `.describe()` to the zod field)', () => {
    const { occurrences } = listJsonSchemaContents(createScenarioJsonSchema());
    const undescribed = occurrences.filter(
      (field) => typeof field.schema.description !== 'string' || field.schema.description === '',
    );

    expect(undescribed.map((field) => field.path)).toEqual([]);
    expect(occurrences.length).toBeGreaterThan(300);
  });
});
