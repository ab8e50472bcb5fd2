import { createOpenAICompatibleModel, type OpenAICompatibleModel } from './create-openai-compatible-model.js';
import { defaultOpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';
import type { OpenAICompatibleProviderOptions } from './openai-compatible-provider-options.js';

/**
 * A model behind any OpenAI-compatible chat completions server (vLLM, LM Studio, llama.cpp, DeepSeek, Groq, …)
 * through the `openai` SDK's streaming. No key is needed unless the server wants one; the SDK retries connection
 * errors, 408, 409, 429 and 5xx (honouring `retry-after`) before a failure becomes a `ModelError`. Aborting
 * `request.signal` cancels the HTTP request and ends the stream with its reason.
 *
 * @example
 * const model = openaiCompatible({ baseURL: 'http://localhost:8000/v1', model: 'Qwen/Qwen3-8B', name: 'vllm' });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function openaiCompatible(options: OpenAICompatibleProviderOptions): OpenAICompatibleModel {
  return createOpenAICompatibleModel({
    provider: options.name ?? 'openai-compatible',
    modelId: options.model,
    capabilities: { ...defaultOpenAICompatibleCapabilities, ...options.capabilities },
    readApiKey: () => options.apiKey,
    requiredKey: undefined,
    forOpenAI: false,
    baseURL: options.baseURL,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    maxTokens: options.maxTokens,
    thinking: options.thinking,
    promptCaching: options.promptCaching,
    client: options.client,
  });
}
