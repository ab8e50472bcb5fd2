import type { Model, ModelRequest, ModelStreamPart } from '@toolloop/core';
import { splitHostCredentials } from './split-host-credentials.js';
import { buildOllamaRequest } from './build-ollama-request.js';
import { createOllamaClient, resolveOllamaHost } from './create-ollama-client.js';
import { mapOllamaError } from './map-ollama-error.js';
import { getOllamaCapabilities, type OllamaCapabilities } from './ollama-capabilities.js';
import type { OllamaProviderOptions } from './ollama-provider-options.js';
import { parseOllamaStream } from './parse-ollama-stream.js';

/** A model served by Ollama's native API, as a core `Model`, with the capabilities its requests follow. */
export interface OllamaModel extends Model {
  readonly capabilities: OllamaCapabilities;
  /** From the capabilities: whether the answer's JSON schema goes as `format`. */
  readonly supportsStructuredOutput: boolean;
  /** Where requests go (`host`, `baseURL`, `OLLAMA_HOST` or Ollama's default). */
  readonly host: string;
}

/**
 * A model served by Ollama, through its native chat API (`POST /api/chat`, streamed as NDJSON) with the official
 * `ollama` client, loaded at the first request. The model's thinking streams as the loop's thinking and goes back
 * in each assistant message's `thinking` field in the rounds that follow, so a template that renders it
 * (gpt-oss's, Qwen 3's) sees the reasoning that led to its tool calls. Thinking settings become `think` (`true` or
 * `false`, or a level for gpt-oss), the answer's schema `format`, the output limit `num_predict`. No key is
 * needed; `headers` reach a proxy in front of Ollama.
 *
 * @example
 * const model = ollama({ model: 'qwen3:8b', thinking: { enabled: true } });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function ollama(options: OllamaProviderOptions): OllamaModel {
  const modelId = options.model;
  const capabilities = { ...getOllamaCapabilities(modelId), ...options.capabilities };
  // A password in the host goes as a header, never in a URL or a message.
  const {
    host,
    headers,
    secrets: hostSecrets,
  } = splitHostCredentials(resolveOllamaHost(options.host ?? options.baseURL), options.headers);
  const secrets = [...Object.values(options.headers ?? {}), ...hostSecrets];

  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const { signal, ...rest } = request;
    signal.throwIfAborted();
    const { body, warnings } = buildOllamaRequest({
      request: rest,
      modelId,
      capabilities,
      defaults: {
        maxTokens: options.maxTokens,
        thinking: options.thinking,
        options: options.options,
        keepAlive: options.keepAlive,
      },
    });
    for (const warning of warnings) yield warning;
    let abortStream: (() => void) | undefined;
    try {
      const client = await createOllamaClient({
        host,
        headers,
        fetch: options.fetch,
        signal,
      });
      // The body is the client's ChatRequest with the fields the server also reads (call ids, tool_call_id).
      const objects = await client.chat(body);
      abortStream = () => {
        objects.abort();
      };
      yield* parseOllamaStream(objects);
      abortStream = undefined;
    } catch (error) {
      // An abort is the caller's: it surfaces as the signal's reason, never hidden in a ModelError.
      signal.throwIfAborted();
      throw mapOllamaError({ error, modelId, host, secrets });
    } finally {
      // Left early (the consumer stopped, or an error): end this request's connection, and only this one.
      abortStream?.();
    }
  }

  return {
    provider: 'ollama',
    modelId,
    capabilities,
    supportsStructuredOutput: capabilities.structuredOutput,
    host,
    stream,
  };
}
