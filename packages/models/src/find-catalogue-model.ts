import { anthropicModels } from './anthropic-models.js';
import { bedrockModels, toBedrockBaseModelId } from './bedrock-models.js';
import type { CatalogueModel, ModelApi } from './catalogue-model.js';
import { openAiChatModels } from './openai-chat-models.js';

const byApi: Record<ModelApi, ReadonlyMap<string, CatalogueModel>> = {
  'anthropic-messages': new Map(anthropicModels.map((model) => [model.id, model])),
  'openai-chat-completions': new Map(openAiChatModels.map((model) => [model.id, model])),
  'bedrock-converse': new Map(bedrockModels.map((model) => [model.id, model])),
};

/**
 * The catalogue's entry for a model id of one API, or `undefined` when the API serves no model by that id. A
 * Bedrock cross-region inference profile (`us.anthropic.…`) finds the model it routes to.
 */
export function findCatalogueModel(options: { api: ModelApi; id: string }): CatalogueModel | undefined {
  const id = options.api === 'bedrock-converse' ? toBedrockBaseModelId(options.id) : options.id;
  return byApi[options.api].get(id);
}
