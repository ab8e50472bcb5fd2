import type { Anthropic } from '@anthropic-ai/sdk';
import type {
  MessageCreateParamsStreaming,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import type { Model, ModelRequest, ModelStreamPart } from '@toolloop/core';
import {
  getAnthropicModelCapabilities,
  type AnthropicModelCapabilities,
} from './anthropic-model-capabilities.js';
import {
  createAnthropicThreads,
  messageThreadsBeta,
  type ThreadRequest,
} from './anthropic-message-threads.js';
import type { AnthropicProviderOptions } from './anthropic-provider-options.js';
import { buildAnthropicRequest } from './build-anthropic-request.js';
import { createAnthropicClient } from './create-anthropic-client.js';
import { mapAnthropicError } from './map-anthropic-error.js';
import { parseAnthropicStream } from './parse-anthropic-stream.js';

/** A Claude model behind the Messages API, as a core `Model`, with the capabilities its requests follow. */
export interface AnthropicModel extends Model {
  readonly provider: 'anthropic';
  readonly capabilities: AnthropicModelCapabilities;
  /** From the capability table: Claude 4.5 and later take `output_config.format`. */
  readonly supportsStructuredOutput: boolean;
}

/**
 * A Claude model through `@anthropic-ai/sdk` streaming. The client (and the API key check) is made on the first
 * request; the SDK retries connection errors, 408, 409, 429 and 5xx (honouring `retry-after`) before a failure
 * becomes a `ModelError`. Aborting `request.signal` cancels the HTTP request and ends the stream with its reason.
 * With `threads: true`, requests go through message threads and send only what is new (see the option).
 *
 * @example
 * const model = anthropic({ model: 'claude-sonnet-4-6', thinking: { enabled: true, effort: 'medium' } });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function anthropic(options: AnthropicProviderOptions): AnthropicModel {
  const modelId = options.model;
  const capabilities = withOverrides(getAnthropicModelCapabilities(modelId), options.capabilities);
  let connection: { client: Anthropic; apiKey: string | null } | undefined =
    options.client === undefined ? undefined : { client: options.client, apiKey: options.client.apiKey };
  const threads = options.threads === true ? createAnthropicThreads() : undefined;

  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const { signal, ...rest } = request;
    signal.throwIfAborted();
    connection ??= createAnthropicClient({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: options.maxRetries,
      fetch: options.fetch,
    });
    const { client, apiKey } = connection;
    const { params, warnings, conversation } = buildAnthropicRequest({
      request: rest,
      modelId,
      capabilities,
      defaultMaxTokens: options.maxTokens,
      defaultThinking: options.thinking,
      promptCaching: options.promptCaching,
      stableSystem: threads !== undefined,
    });
    for (const warning of warnings) yield warning;
    let thread = threads?.start({ params, conversation });
    try {
      let events: AsyncIterable<RawMessageStreamEvent>;
      for (;;) {
        try {
          events = await send({
            client,
            params,
            thread,
            contextManagement: options.contextManagement,
            signal,
          });
          break;
        } catch (error) {
          const replay = thread?.replayAfter(error);
          if (replay !== undefined) {
            thread = replay;
            continue;
          }
          const turnedOff = thread === undefined ? undefined : threads?.turnOffAfter(error);
          if (turnedOff !== undefined) {
            thread = undefined;
            yield {
              type: 'warning',
              code: 'threads_unsupported',
              message: `The Messages API cannot thread this request${turnedOff.unsupported.length === 0 ? '' : ` (unsupported: ${turnedOff.unsupported.join(', ')})`}: it was sent again without a thread, and this model sends its requests whole from now on.`,
            };
            continue;
          }
          thread?.release();
          throw error;
        }
      }
      yield* parseAnthropicStream({ events, signal });
    } catch (error) {
      // An abort is the caller's: it surfaces as the signal's reason, never hidden in a ModelError.
      signal.throwIfAborted();
      throw mapAnthropicError({ error, modelId, apiKey });
    }
  }

  return {
    provider: 'anthropic',
    modelId,
    capabilities,
    supportsStructuredOutput: capabilities.structuredOutput,
    stream,
  };
}

/** The beta that server-side context editing (`context_management`) needs. */
const contextManagementBeta = 'context-management-2025-06-27';

/**
 * Sends the request, through its message thread when it has one and with the provider's `context_management`
 * when it has one (both betas of the Messages API); resolves once the response's stream starts.
 */
async function send({
  client,
  params,
  thread,
  contextManagement,
  signal,
}: {
  client: Anthropic;
  params: MessageCreateParamsStreaming;
  thread: ThreadRequest | undefined;
  contextManagement: AnthropicProviderOptions['contextManagement'];
  signal: AbortSignal;
}): Promise<AsyncIterable<RawMessageStreamEvent>> {
  if (thread === undefined && contextManagement === undefined)
    return client.messages.create(params, { signal });
  const body = thread?.params ?? params;
  const betas = [
    ...(thread === undefined ? [] : [messageThreadsBeta]),
    ...(contextManagement === undefined ? [] : [contextManagementBeta]),
  ];
  const events = await client.beta.messages.create(
    {
      ...body,
      ...(contextManagement === undefined ? {} : { context_management: contextManagement }),
      // The request's `anthropic-beta` header replaces the client's: the client's betas go first in it.
      betas: [...new Set([...readClientBetas(client), ...betas])],
    },
    { signal },
  );
  // The beta stream's events are the Messages API's, with beta-only fields and block types the parser ignores.
  const stream = events as AsyncIterable<RawMessageStreamEvent>;
  return thread === undefined ? stream : thread.watch(stream);
}

/** The betas a client sends on every request (its `anthropic-beta` default header), in order. */
function readClientBetas(client: Anthropic): string[] {
  const headers = (client as { _options?: { defaultHeaders?: unknown } })._options?.defaultHeaders;
  const entries: Array<[string, unknown]> =
    headers instanceof Headers
      ? [...headers.entries()]
      : Array.isArray(headers)
        ? (headers as Array<[string, unknown]>)
        : typeof headers === 'object' && headers !== null
          ? Object.entries(headers)
          : [];
  return entries
    .filter(([name, value]) => name.toLowerCase() === 'anthropic-beta' && typeof value === 'string')
    .flatMap(([, value]) => String(value).split(','))
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
}

function withOverrides(
  base: AnthropicModelCapabilities,
  overrides: Partial<AnthropicModelCapabilities> | undefined,
): AnthropicModelCapabilities {
  return {
    thinking: overrides?.thinking ?? base.thinking,
    thinksByDefault: overrides?.thinksByDefault ?? base.thinksByDefault,
    defaultMaxTokens: overrides?.defaultMaxTokens ?? base.defaultMaxTokens,
    maxOutputTokens: overrides?.maxOutputTokens ?? base.maxOutputTokens,
    structuredOutput: overrides?.structuredOutput ?? base.structuredOutput,
    promptCaching: overrides?.promptCaching ?? base.promptCaching,
    minCacheableTokens: overrides?.minCacheableTokens ?? base.minCacheableTokens,
  };
}
