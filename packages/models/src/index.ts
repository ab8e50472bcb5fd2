// The catalogue
export { anthropicModels } from './anthropic-models.js';
export { openAiChatModels } from './openai-chat-models.js';
export { ollamaModels } from './ollama-models.js';
export { geminiModels } from './gemini-models.js';
export { bedrockModels, toBedrockBaseModelId } from './bedrock-models.js';
export { findCatalogueModel } from './find-catalogue-model.js';

// Types
export type { CatalogueModel, ModelApi, ModelThinking } from './catalogue-model.js';
