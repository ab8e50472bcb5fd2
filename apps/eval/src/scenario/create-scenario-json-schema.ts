import { z } from 'zod';
import { scenarioSchema } from './scenario-schema.js';

/**
 * The scenario format as JSON Schema (draft 2020-12), for editors: with `# yaml-language-server: $schema=…` at the
 * top of a scenario file, they complete fields and flag mistakes as you type. Written to `scenario.schema.json`.
 */
export function createScenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
    title: 'toolloop scenario (format version 1)',
  };
}
