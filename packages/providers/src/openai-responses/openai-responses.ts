import type { OpenAI } from 'openai';
import { streamRequest } from '../stream-request.js';
import type {
  ResponseCreateParamsStreaming,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import type { AssistantContentPart, Model, ModelRequest, ModelStreamPart } from '@toolloop/core';
import { createOpenAIClient } from '../openai/create-openai-client.js';
import { mapOpenAIError } from '../openai/map-openai-error.js';
import { buildOpenAIResponsesRequest, type OpenAIResponsesParams } from './build-openai-responses-request.js';
import {
  getOpenAIResponsesCapabilities,
  type OpenAIResponsesCapabilities,
} from './openai-responses-capabilities.js';
import type { OpenAIResponsesProviderOptions } from './openai-responses-provider-options.js';
import { isPreviousResponseNotFound, OpenAIResponsesThreads } from './openai-responses-threads.js';
import { parseOpenAIResponsesStream } from './parse-openai-responses-stream.js';

/** A model behind OpenAI's Responses API, as a core `Model`, with the capabilities its requests follow. */
export interface OpenAIResponsesModel extends Model {
  readonly capabilities: OpenAIResponsesCapabilities;
  /** From the capabilities: whether the model takes a `json_schema` text format. */
  readonly supportsStructuredOutput: boolean;
}

/**
 * A model on OpenAI's Responses API (`responses.create({ stream: true })`). Nothing is stored on the server by
 * default: a reasoning model's reasoning items come back encrypted and go back whole, before the function calls
 * they preceded, in every later request of the turn. The key is `apiKey`, else `OPENAI_API_KEY`, read at the
 * first request. With `threads`, responses are stored and each request that goes on from the last one sends only
 * the new items, with `previous_response_id`.
 *
 * @example
 * const model = openaiResponses({ model: 'gpt-5-mini', thinking: { enabled: true, effort: 'low' } });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function openaiResponses(options: OpenAIResponsesProviderOptions): OpenAIResponsesModel {
  const provider = 'openai';
  const modelId = options.model;
  const capabilities = { ...getOpenAIResponsesCapabilities(modelId), ...options.capabilities };
  const threads = options.threads === true ? new OpenAIResponsesThreads() : undefined;
  let connection: { client: OpenAI; apiKey: string | undefined } | undefined =
    options.client === undefined
      ? undefined
      : { client: options.client, apiKey: options.client.apiKey ?? undefined };

  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const { signal, ...rest } = request;
    signal.throwIfAborted();
    connection ??= createOpenAIClient({
      apiKey: options.apiKey ?? process.env['OPENAI_API_KEY'],
      baseURL: options.baseURL,
      maxRetries: options.maxRetries,
      fetch: options.fetch,
      requiredKey: { factory: 'openaiResponses', environmentVariable: 'OPENAI_API_KEY' },
      forOpenAI: true,
      provider,
    });
    const { params, warnings } = buildOpenAIResponsesRequest({
      request: rest,
      modelId,
      capabilities,
      defaultMaxTokens: options.maxTokens,
      defaultThinking: options.thinking,
      store: options.store === true || threads !== undefined,
    });
    for (const warning of warnings) yield warning;
    const { client, apiKey } = connection;
    const thread = threads?.start(rest.messages);
    const chained: OpenAIResponsesParams =
      thread === undefined
        ? params
        : { ...params, previous_response_id: thread.previousResponseId, input: thread.input };
    const reply: AssistantContentPart[] = [];
    yield* streamRequest({
      signal,
      mapError: (error) => mapOpenAIError({ error, modelId, provider, apiKey }),
      async *open(requestSignal) {
        // The input items are this provider's own shape (reasoning items are opaque JSON), sent as they are.
        const send = (body: OpenAIResponsesParams) =>
          client.responses.create(body as unknown as ResponseCreateParamsStreaming, {
            signal: requestSignal,
          });
        let events: AsyncIterable<ResponseStreamEvent>;
        try {
          events = await send(chained);
        } catch (error) {
          if (thread === undefined || !isPreviousResponseNotFound(error)) throw error;
          // The server has lost the response (expired, deleted): the whole conversation goes again.
          threads?.forget(thread.previousResponseId);
          events = await send(params);
        }
        for await (const part of parseOpenAIResponsesStream({ events, signal, provider, modelId, apiKey })) {
          if (part.type === 'text' || part.type === 'thinking' || part.type === 'tool-call') reply.push(part);
          if (part.type === 'finish') {
            const responseId = part.providerData?.['responseId'];
            if (threads !== undefined && typeof responseId === 'string' && part.finishReason !== 'max_tokens')
              threads.hold({ responseId, messages: rest.messages, reply });
          }
          yield part;
        }
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
