import type { GenerateContentParameters, GoogleGenAI } from '@google/genai';
import { ModelError, type Model, type ModelRequest, type ModelStreamPart } from '@toolloop/core';
import { buildGeminiRequest } from './build-gemini-request.js';
import type { GeminiRequest } from './gemini-request.js';
import { createGeminiClient } from './create-gemini-client.js';
import { getGeminiCapabilities, type GeminiCapabilities } from './gemini-capabilities.js';
import type { GeminiProviderOptions } from './gemini-provider-options.js';
import { mapGeminiError } from './map-gemini-error.js';
import { streamRequest } from '../stream-request.js';
import { parseGeminiStream } from './parse-gemini-stream.js';

/** A model behind Gemini's generateContent API, as a core `Model`, with the capabilities its requests follow. */
export interface GeminiModel extends Model {
  readonly capabilities: GeminiCapabilities;
  /** From the capabilities: whether the model takes a response schema. */
  readonly supportsStructuredOutput: boolean;
}

/**
 * A model on the Gemini API (`models.generateContentStream` of @google/genai, an optional peer dependency loaded
 * at the first request). Thoughts are asked for and shown as thinking; every part comes back in the next request
 * of the turn as the API sent it, its `thoughtSignature` byte for byte (Gemini 3 refuses a function call without
 * it). The key is `apiKey`, else `GOOGLE_API_KEY`, else `GEMINI_API_KEY`, read at the first request.
 *
 * @example
 * const model = gemini({ model: 'gemini-3-flash-preview', thinking: { enabled: true, effort: 'low' } });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function gemini(options: GeminiProviderOptions): GeminiModel {
  const provider = 'gemini';
  const modelId = options.model;
  const capabilities = { ...getGeminiCapabilities(modelId), ...options.capabilities };
  let connection: { client: GoogleGenAI; apiKey: string | undefined } | undefined =
    options.client === undefined ? undefined : { client: options.client, apiKey: options.apiKey };

  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const { signal, ...rest } = request;
    signal.throwIfAborted();
    connection ??= await createGeminiClient({
      // The SDK's order: GOOGLE_API_KEY, else GEMINI_API_KEY; an empty variable counts as unset.
      apiKey: options.apiKey ?? (process.env['GOOGLE_API_KEY'] || process.env['GEMINI_API_KEY']),
      baseURL: options.baseURL,
      maxRetries: options.maxRetries,
      fetch: options.fetch,
      provider,
    });
    const { params, warnings } = buildGeminiRequest({
      request: rest,
      modelId,
      capabilities,
      defaultMaxTokens: options.maxTokens,
      defaultThinking: options.thinking,
    });
    for (const warning of warnings) yield warning;
    if (params.contents.length === 0) {
      throw new ModelError({
        message: `Nothing to send to ${provider}: every message of the request is empty, and Gemini takes no content without parts.`,
        provider,
        retryable: false,
        errorType: 'invalid_request_error',
      });
    }
    const { client, apiKey } = connection;
    yield* streamRequest({
      signal,
      mapError: (error) => mapGeminiError({ error, modelId, provider, apiKey }),
      async *open(requestSignal) {
        const chunks = await client.models.generateContentStream(toSdkParameters(params, requestSignal));
        yield* parseGeminiStream({ chunks, signal, provider });
      },
    });
  }

  return {
    provider,
    modelId,
    capabilities,
    supportsStructuredOutput: capabilities.structuredOutput,
    stream,
  };
}

/**
 * The request as the SDK types it: this provider writes its enums (`AUTO`, `HIGH`) as the strings they are, since
 * the SDK's enum objects load with the SDK.
 */
function toSdkParameters(params: GeminiRequest, signal: AbortSignal): GenerateContentParameters {
  const withSignal = { ...params, config: { ...params.config, abortSignal: signal } };
  return withSignal as GenerateContentParameters;
}
