/* eslint-disable @typescript-eslint/no-deprecated -- Sampling is deprecated from protocol 2026-07-28 and stays in the
   specification for at least twelve months (SEP-2577); this file is how toolloop keeps serving it. */
import {
  ProtocolError,
  ProtocolErrorCode,
  type Client,
  type CreateMessageRequest,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
} from '@modelcontextprotocol/client';
import type { JsonObject } from '../json-value.js';
import { readModelResponse } from '../loop/read-model-response.js';
import { runToolLoop } from '../loop/run-tool-loop.js';
import type { ToolLoopOptions } from '../loop/tool-loop-options.js';
import type { Model, ToolChoice } from '../model/model.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSource } from '../tools/tool-source.js';
import { convertSamplingMessages } from './convert-sampling-messages.js';
import { mapMcpToolResult } from './map-mcp-tool-result.js';
import { toCreateMessageResult, toLoopCreateMessageResult } from './to-create-message-result.js';

type SamplingParams = CreateMessageRequest['params'];

/** The JSON-RPC code the spec gives a sampling request the user declined. */
const userRejectedCode = -1;

export interface SamplingHandlerOptions {
  model: Model;
  /**
   * `passthrough` (default): one model request; `tool_use` blocks go back to the server, which runs its tools
   * and asks again. `client-loop`: the client runs the tool loop itself, calling the requesting
   * server's `tools/call`, and returns the final answer.
   */
  mode?: 'passthrough' | 'client-loop';
  /** Loop limits for `client-loop`. Defaults: 10 iterations, 5 minutes, 30 seconds per tool call. */
  loop?: Pick<
    ToolLoopOptions,
    'maxIterations' | 'timeoutMs' | 'toolTimeoutMs' | 'maxConsecutiveErrors' | 'maxToolCalls'
  >;
  /** Declare `sampling.tools`, so servers may send tools. Default true. */
  tools?: boolean;
  /** Asked before every request; answering false refuses it with the spec's user-rejection error (-1). */
  approve?: (params: SamplingParams) => boolean | Promise<boolean>;
}

/** Answers a server's `sampling/createMessage` with a core `Model`; attach it to each client before it connects. */
export interface SamplingHandler {
  attach(client: Client): void;
}

/**
 * Lets MCP servers sample a model through this client, with tools and tool choice as the 2025-11-25 spec
 * defines them. A 2025-11-25 server asks with a `sampling/createMessage` request during a tool call; a
 * 2026-07-28 server puts the same request in the call's answer (`input_required`), and the client calls again
 * with the model's answer: one handler serves both. (Sampling is deprecated in 2026-07-28, still served for at
 * least a year; a refusal cannot be told to a 2026 server, so the tool call fails instead.) Pass `attach` as
 * `configureClient` to `connectMcpServers`, or call it on your own `Client`.
 *
 * @example
 * const sampling = createSamplingHandler({ model, mode: 'client-loop' });
 * const mcp = await connectMcpServers(config, { configureClient: (client) => sampling.attach(client) });
 */
export function createSamplingHandler(options: SamplingHandlerOptions): SamplingHandler {
  const allowTools = options.tools ?? true;
  return {
    attach(client) {
      client.registerCapabilities({ sampling: allowTools ? { tools: {} } : {} });
      client.setRequestHandler('sampling/createMessage', async (request, context) =>
        answerSamplingRequest({
          client,
          params: request.params,
          signal: context.mcpReq.signal,
          options,
          allowTools,
        }),
      );
    },
  };
}

async function answerSamplingRequest({
  client,
  params,
  signal,
  options,
  allowTools,
}: {
  client: Client;
  params: SamplingParams;
  signal: AbortSignal;
  options: SamplingHandlerOptions;
  allowTools: boolean;
}): Promise<CreateMessageResult | CreateMessageResultWithTools> {
  const tools = (params.tools ?? []).map((tool): ToolDefinition => ({
    name: tool.name,
    inputSchema: tool.inputSchema as JsonObject,
    ...(tool.description === undefined ? {} : { description: tool.description }),
  }));
  if (tools.length > 0 && !allowTools) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'This client did not declare sampling.tools: it cannot sample with tools.',
    );
  }
  if (options.approve !== undefined && !(await options.approve(params))) {
    throw new ProtocolError(userRejectedCode, 'The user rejected the sampling request.');
  }
  const messages = convertSamplingMessages(params.messages);
  const toolChoice = mapSamplingToolChoice(params.toolChoice?.mode);
  const offeredTools = tools.length > 0 && toolChoice?.type !== 'none';

  if (options.mode === 'client-loop' && offeredTools) {
    const result = await runToolLoop({
      model: options.model,
      messages,
      ...(params.systemPrompt === undefined ? {} : { system: params.systemPrompt }),
      tools: [createRequestingServerTools({ client, tools })],
      maxTokens: params.maxTokens,
      maxIterations: 10,
      timeoutMs: 300_000,
      toolTimeoutMs: 30_000,
      ...options.loop,
      statusMessages: 'off',
      signal,
    }).result;
    if (result.stopReason === 'model_error') {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        result.error?.message ?? 'The model request failed.',
      );
    }
    return toLoopCreateMessageResult({
      text: result.text,
      stopReason: result.stopReason,
      modelId: options.model.modelId,
    });
  }

  const response = await readModelResponse({
    model: options.model,
    request: {
      messages,
      // Tools stay defined under `none`: the history may hold tool calls, which the Messages API refuses
      // in a request without tool definitions.
      tools,
      ...(tools.length > 0 && toolChoice !== undefined ? { toolChoice } : {}),
      ...(params.systemPrompt === undefined ? {} : { system: params.systemPrompt }),
      maxTokens: params.maxTokens,
      ...(params.stopSequences === undefined ? {} : { stopSequences: params.stopSequences }),
      signal,
    },
  });
  return toCreateMessageResult({ response, modelId: options.model.modelId, offeredTools });
}

function mapSamplingToolChoice(mode: 'auto' | 'required' | 'none' | undefined): ToolChoice | undefined {
  switch (mode) {
    case undefined:
      return undefined;
    case 'auto':
      return { type: 'auto' };
    case 'required':
      return { type: 'required' };
    case 'none':
      return { type: 'none' };
    default: {
      const unexpected: never = mode;
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown toolChoice mode '${String(unexpected)}'.`,
      );
    }
  }
}

/** The tools a sampling request offered, run through the requesting server's own `tools/call`. */
function createRequestingServerTools({
  client,
  tools,
}: {
  client: Client;
  tools: ToolDefinition[];
}): ToolSource {
  return {
    listTools: () => Promise.resolve(tools),
    async callTool({ name, input, signal }) {
      const result = await client.callTool({ name, arguments: input as Record<string, unknown> }, { signal });
      return mapMcpToolResult(result);
    },
  };
}
