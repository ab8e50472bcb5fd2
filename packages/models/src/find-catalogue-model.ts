import { anthropicModels } from './anthropic-models.js';
import { bedrockModels, toBedrockBaseModelId } from './bedrock-models.js';
import type { CatalogueModel, ModelApi } from './catalogue-model.js';
import { ollamaModels } from './ollama-models.js';
import { geminiModels } from './gemini-models.js';
import { openAiChatModels } from './openai-chat-models.js';

const byApi: Record<ModelApi, ReadonlyMap<string, CatalogueModel>> = {
  'anthropic-messages': new Map(anthropicModels.map((model) => [model.id, model])),
  'openai-chat-completions': new Map(openAiChatModels.map((model) => [model.id, model])),
  'ollama-chat': new Map(ollamaModels.map((model) => [model.id, model])),
  gemini: new Map(geminiModels.map((model) => [model.id, model])),
  'bedrock-converse': new Map(bedrockModels.map((model) => [model.id, model])),
};

/**
 * The catalogue's entry for a model id of one API, or `undefined` when the catalogue lists no model by that id.
 * An Ollama name is looked up without its tag and library namespace (`qwen3:8b`, `library/qwen3:latest` and
 * `registry.ollama.ai/library/qwen3` are `qwen3`), and the entry keeps the id asked for; a Bedrock cross-region
 * inference profile (`us.anthropic.…`) finds the model it routes to.
 */
export function findCatalogueModel(options: { api: ModelApi; id: string }): CatalogueModel | undefined {
  const models = byApi[options.api];
  if (options.api === 'bedrock-converse') return models.get(toBedrockBaseModelId(options.id));
  const exact = models.get(options.id);
  if (exact !== undefined || options.api !== 'ollama-chat') return exact;
  const family = options.id
    .toLowerCase()
    .replace(/^(?:registry\.ollama\.ai\/)?(?:library\/)?/u, '')
    .replace(/:[^/:]*$/u, '');
  const entry = models.get(family);
  return entry === undefined ? undefined : { ...entry, id: options.id };
}
