// The providers
export { openaiCompatible } from './openai-compatible.js';
export { openai } from './openai.js';
export { ollamaOpenAI, ollamaOpenAIBaseURL } from './ollama-openai.js';
export type { OpenAICompatibleModel } from './create-openai-compatible-model.js';
export type {
  OllamaOpenAIProviderOptions,
  OpenAICompatibleProviderOptions,
  OpenAIProviderOptions,
} from './openai-compatible-provider-options.js';

// Capabilities
export {
  defaultOpenAICompatibleCapabilities,
  getOpenAIModelCapabilities,
} from './openai-compatible-capabilities.js';
export type { OpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';

// The Responses API (same SDK, so the same subpath)
export { openaiResponses } from '../openai-responses/openai-responses.js';
export { getOpenAIResponsesCapabilities } from '../openai-responses/openai-responses-capabilities.js';
export type { OpenAIResponsesModel } from '../openai-responses/openai-responses.js';
export type { OpenAIResponsesCapabilities } from '../openai-responses/openai-responses-capabilities.js';
export type { OpenAIResponsesProviderOptions } from '../openai-responses/openai-responses-provider-options.js';
