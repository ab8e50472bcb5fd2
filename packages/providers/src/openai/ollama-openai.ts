import { createOpenAICompatibleModel, type OpenAICompatibleModel } from './create-openai-compatible-model.js';
import { defaultOpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';
import type { OllamaOpenAIProviderOptions } from './openai-compatible-provider-options.js';

/** Where Ollama serves its OpenAI-compatible API by default. */
export const ollamaOpenAIBaseURL = 'http://localhost:11434/v1';

/**
 * A model served by Ollama, through its OpenAI-compatible API (`http://localhost:11434/v1` unless `baseURL` says
 * otherwise). No key is needed. Ollama ignores `tool_choice`, so a `none` choice is sent as no tools at all.
 *
 * @example
 * const model = ollamaOpenAI({ model: 'qwen3:8b' });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function ollamaOpenAI(options: OllamaOpenAIProviderOptions): OpenAICompatibleModel {
  return createOpenAICompatibleModel({
    provider: 'ollama',
    modelId: options.model,
    capabilities: { ...defaultOpenAICompatibleCapabilities, toolChoice: false, ...options.capabilities },
    readApiKey: () => options.apiKey,
    requiredKey: undefined,
    forOpenAI: false,
    baseURL: options.baseURL ?? ollamaOpenAIBaseURL,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    maxTokens: options.maxTokens,
    thinking: options.thinking,
    promptCaching: options.promptCaching,
    client: options.client,
  });
}
