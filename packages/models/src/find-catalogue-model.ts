import { anthropicModels } from './anthropic-models.js';
import type { CatalogueModel, ModelApi } from './catalogue-model.js';
import { geminiModels } from './gemini-models.js';
import { openAiChatModels } from './openai-chat-models.js';

const byApi: Record<ModelApi, ReadonlyMap<string, CatalogueModel>> = {
  'anthropic-messages': new Map(anthropicModels.map((model) => [model.id, model])),
  'openai-chat-completions': new Map(openAiChatModels.map((model) => [model.id, model])),
  gemini: new Map(geminiModels.map((model) => [model.id, model])),
};

/** The catalogue's entry for a model id of one API, or `undefined` when the API serves no model by that id. */
export function findCatalogueModel(options: { api: ModelApi; id: string }): CatalogueModel | undefined {
  return byApi[options.api].get(options.id);
}
