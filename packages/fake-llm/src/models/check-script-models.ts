import { findCatalogueModel } from '@toolloop/models';
import type { FakeLlmModel } from './fake-llm-model.js';

/**
 * What is wrong with a script's `models`, as `{ path, problem }` (`models[1].like`), or `undefined`: every `like`
 * must name a model the catalogue lists (of any API), and no id may come twice — a typo would otherwise give
 * the model another model's limits without a word.
 */
export function checkScriptModels(
  models: readonly FakeLlmModel[],
): { path: string; problem: string } | undefined {
  const seen = new Set<string>();
  for (const [index, model] of models.entries()) {
    if (seen.has(model.id)) {
      return { path: `models[${index}].id`, problem: `'${model.id}' is listed twice` };
    }
    seen.add(model.id);
    const { like } = model;
    if (
      like !== undefined &&
      findCatalogueModel({ api: 'anthropic-messages', id: like }) === undefined &&
      findCatalogueModel({ api: 'openai-chat-completions', id: like }) === undefined &&
      findCatalogueModel({ api: 'ollama-chat', id: like }) === undefined &&
      findCatalogueModel({ api: 'gemini', id: like }) === undefined &&
      findCatalogueModel({ api: 'bedrock-converse', id: like }) === undefined
    ) {
      return {
        path: `models[${index}].like`,
        problem: `'${like}' is no model the APIs serve (such as claude-sonnet-4-6 or gpt-5)`,
      };
    }
  }
  return undefined;
}
