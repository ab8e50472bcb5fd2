import { createOpenAICompatibleModel, type OpenAICompatibleModel } from './create-openai-compatible-model.js';
import { getOpenAIModelCapabilities } from './openai-compatible-capabilities.js';
import type { OpenAIProviderOptions } from './openai-compatible-provider-options.js';

/**
 * A model on OpenAI's API (chat completions). The key is `apiKey`, else `OPENAI_API_KEY`, read at the first
 * request: a missing key fails that request with a `ModelError` that says where to put one. Reasoning models
 * (o-series, GPT-5 on) get thinking settings as `reasoning_effort`.
 *
 * @example
 * const model = openai({ model: 'gpt-5-mini', thinking: { enabled: true, effort: 'low' } });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function openai(options: OpenAIProviderOptions): OpenAICompatibleModel {
  return createOpenAICompatibleModel({
    provider: 'openai',
    modelId: options.model,
    capabilities: { ...getOpenAIModelCapabilities(options.model), ...options.capabilities },
    readApiKey: () => options.apiKey ?? process.env['OPENAI_API_KEY'],
    requiredKey: { factory: 'openai', environmentVariable: 'OPENAI_API_KEY' },
    forOpenAI: true,
    baseURL: options.baseURL,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    maxTokens: options.maxTokens,
    thinking: options.thinking,
    promptCaching: options.promptCaching,
    client: options.client,
  });
}
