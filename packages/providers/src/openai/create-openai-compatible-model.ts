import type { OpenAI } from 'openai';
import { streamRequest } from '../stream-request.js';
import type { Model, ModelRequest, ModelStreamPart, ThinkingSettings } from '@toolloop/core';
import { buildOpenAIRequest } from './build-openai-request.js';
import { createOpenAIClient, type ApiKeySource } from './create-openai-client.js';
import { mapOpenAIError } from './map-openai-error.js';
import type { OpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';
import { parseOpenAIStream, type OpenAIChunk } from './parse-openai-stream.js';

/** A model behind a chat completions server, as a core `Model`, with the capabilities its requests follow. */
export interface OpenAICompatibleModel extends Model {
  readonly capabilities: OpenAICompatibleCapabilities;
  /** From the capabilities: whether the model takes a `json_schema` response format. */
  readonly supportsStructuredOutput: boolean;
}

/**
 * The model the three factories share. The client (and the key check) is made on the first request, with the
 * key `readApiKey` gives then, so a missing key never fails creation or import.
 */
export function createOpenAICompatibleModel({
  provider,
  modelId,
  capabilities,
  readApiKey,
  requiredKey,
  forOpenAI,
  baseURL,
  maxRetries,
  fetch,
  maxTokens,
  thinking,
  promptCaching,
  client,
}: {
  provider: string;
  modelId: string;
  capabilities: OpenAICompatibleCapabilities;
  readApiKey: () => string | undefined;
  requiredKey: ApiKeySource | undefined;
  forOpenAI: boolean;
  baseURL: string | undefined;
  maxRetries: number | undefined;
  fetch: typeof globalThis.fetch | undefined;
  maxTokens: number | undefined;
  thinking: ThinkingSettings | undefined;
  promptCaching: boolean | undefined;
  client: OpenAI | undefined;
}): OpenAICompatibleModel {
  let connection: { client: OpenAI; apiKey: string | undefined } | undefined =
    client === undefined ? undefined : { client, apiKey: client.apiKey ?? undefined };

  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const { signal, ...rest } = request;
    signal.throwIfAborted();
    connection ??= createOpenAIClient({
      apiKey: readApiKey(),
      baseURL,
      maxRetries,
      fetch,
      requiredKey,
      forOpenAI,
      provider,
    });
    const { params, warnings } = buildOpenAIRequest({
      request: rest,
      modelId,
      capabilities,
      defaultMaxTokens: maxTokens,
      defaultThinking: thinking,
      promptCaching,
    });
    for (const warning of warnings) yield warning;
    const { client, apiKey } = connection;
    yield* streamRequest({
      signal,
      mapError: (error) => mapOpenAIError({ error, modelId, provider, apiKey }),
      async *open(requestSignal) {
        const chunks = await client.chat.completions.create(params, { signal: requestSignal });
        yield* parseOpenAIStream({ chunks: chunks as AsyncIterable<OpenAIChunk>, signal, provider });
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
