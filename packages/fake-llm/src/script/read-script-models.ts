import type { ModelThinking } from '@toolloop/models';
import { checkScriptModels } from '../models/check-script-models.js';
import type { FakeLlmModel } from '../models/fake-llm-model.js';
import { readList, readObject, readString, ScriptFieldError } from './parse-llm-step.js';

const thinkingForms: readonly ModelThinking[] = [
  'none',
  'manual',
  'adaptive',
  'adaptive-only',
  'reasoning-effort',
  'think',
  'think-levels',
  'thinking-budget',
  'thinking-level',
];

/** Reads a script's `models`: `[{ id, like?, contextWindow?, maxOutputTokens?, thinking? }]`. */
export function readScriptModels(value: unknown, path: string): FakeLlmModel[] {
  const models = readList(value, path).map((entry, index) => {
    const at = `${path}[${index}]`;
    const fields = readObject(
      entry,
      at,
      new Set(['id', 'like', 'contextWindow', 'maxOutputTokens', 'thinking']),
    );
    const model: FakeLlmModel = { id: readString(fields.id, `${at}.id`) };
    if (fields.like !== undefined) model.like = readString(fields.like, `${at}.like`);
    for (const limit of ['contextWindow', 'maxOutputTokens'] as const) {
      const limitValue = fields[limit];
      if (limitValue === undefined) continue;
      if (!Number.isSafeInteger(limitValue) || (limitValue as number) <= 0) {
        throw new ScriptFieldError(`${at}.${limit}`, 'must be a whole number of tokens, more than 0');
      }
      model[limit] = limitValue as number;
    }
    if (fields.thinking !== undefined) {
      const thinking = fields.thinking;
      if (!thinkingForms.includes(thinking as ModelThinking)) {
        throw new ScriptFieldError(`${at}.thinking`, `must be one of ${thinkingForms.join(', ')}`);
      }
      model.thinking = thinking as ModelThinking;
    }
    return model;
  });
  const problem = checkScriptModels(models);
  if (problem !== undefined)
    throw new ScriptFieldError(problem.path.replace(/^models/u, path), problem.problem);
  return models;
}
