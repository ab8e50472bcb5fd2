// The providers
export { openaiCompatible } from './openai-compatible.js';
export { openai } from './openai.js';
export { ollama, ollamaBaseURL } from './ollama.js';
export type { OpenAICompatibleModel } from './create-openai-compatible-model.js';
export type {
  OllamaProviderOptions,
  OpenAICompatibleProviderOptions,
  OpenAIProviderOptions,
} from './openai-compatible-provider-options.js';

// Capabilities
export {
  defaultOpenAICompatibleCapabilities,
  getOpenAIModelCapabilities,
} from './openai-compatible-capabilities.js';
export type { OpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';
