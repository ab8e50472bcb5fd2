import type { Model, ModelRequest, ModelStreamPart } from '@toolloop/core';
import { getBedrockCapabilities, type BedrockCapabilities } from './bedrock-capabilities.js';
import type { BedrockProviderOptions } from './bedrock-provider-options.js';
import { buildBedrockRequest } from './build-bedrock-request.js';
import { createBedrockClient, type BedrockConnection } from './create-bedrock-client.js';
import { mapBedrockError } from './map-bedrock-error.js';
import { streamRequest } from '../stream-request.js';
import { parseBedrockStream } from './parse-bedrock-stream.js';

/** A model behind Bedrock's Converse API, as a core `Model`, with the capabilities its requests follow. */
export interface BedrockModel extends Model {
  readonly capabilities: BedrockCapabilities;
  /** From the capabilities: whether the model takes an output schema (`outputConfig.textFormat`). */
  readonly supportsStructuredOutput: boolean;
}

/**
 * A model on Amazon Bedrock through the Converse API (`ConverseStreamCommand` of `@aws-sdk/client-bedrock-runtime`,
 * an optional peer dependency loaded at the first request). Requests are signed by the SDK with the given
 * credentials or its default credential chain. A Claude model's reasoning comes back as `reasoningContent` with a
 * signature and goes back exactly so, before the tool calls it preceded, in every later request of the turn.
 *
 * @example
 * const model = bedrock({ model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', region: 'us-east-1' });
 * const run = runToolLoop({ model, prompt: 'What is the weather in Paris?', tools: [getWeather] });
 */
export function bedrock(options: BedrockProviderOptions): BedrockModel {
  const provider = 'bedrock';
  const modelId = options.model;
  const capabilities = { ...getBedrockCapabilities(modelId), ...options.capabilities };
  let connection: Promise<BedrockConnection> | undefined;

  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const { signal, ...rest } = request;
    signal.throwIfAborted();
    const { params, warnings } = buildBedrockRequest({
      request: rest,
      modelId,
      capabilities,
      defaultMaxTokens: options.maxTokens,
      defaultThinking: options.thinking,
    });
    for (const warning of warnings) yield warning;
    yield* streamRequest({
      signal,
      mapError: (error) => mapBedrockError({ error, modelId }),
      async *open(requestSignal) {
        connection ??= createBedrockClient(options);
        const { client, ConverseStreamCommand } = await connection;
        const response = await client.send(new ConverseStreamCommand(params), { abortSignal: requestSignal });
        if (response.stream === undefined) throw new Error('Bedrock answered without a stream.');
        yield* parseBedrockStream({ events: response.stream, signal, modelId });
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
