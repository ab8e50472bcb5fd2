import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScenarioJsonSchema } from '../src/scenario/create-scenario-json-schema.js';

describe('scenario.schema.json', () => {
  it('is the schema the runner validates with (regenerate: pnpm --filter @toolloop/eval schema)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'scenario.schema.json'), 'utf8'),
    );

    expect(committed).toEqual(createScenarioJsonSchema());
  });
});
