import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ModelRequest, ThinkingSettings, WarningPart } from '@toolloop/core';
import { convertToOpenAIMessages } from './convert-to-openai-messages.js';
import { convertToOpenAIReasoningEffort } from './convert-to-openai-reasoning-effort.js';
import { convertToOpenAIResponseFormat } from './convert-to-openai-response-format.js';
import { convertToOpenAIToolChoice } from './convert-to-openai-tool-choice.js';
import { convertToOpenAITools } from './convert-to-openai-tools.js';
import type { OpenAICompatibleCapabilities } from './openai-compatible-capabilities.js';

/**
 * The chat completions body for one core request, and the warnings about settings it could not send as asked.
 * The output limit is the request's, else the provider's (in the field the server takes); thinking is the
 * request's, else the provider's default. An empty tool list sends neither `tools` nor `tool_choice`. With
 * `promptCaching` (the default) the round's line of the system prompt is sent last, so that every request
 * begins with the bytes the one before it sent.
 */
export function buildOpenAIRequest({
  request,
  modelId,
  capabilities,
  defaultMaxTokens,
  defaultThinking,
  promptCaching = true,
}: {
  request: Omit<ModelRequest, 'signal'>;
  modelId: string;
  capabilities: OpenAICompatibleCapabilities;
  defaultMaxTokens?: number | undefined;
  defaultThinking?: ThinkingSettings | undefined;
  promptCaching?: boolean | undefined;
}): { params: ChatCompletionCreateParamsStreaming; warnings: WarningPart[] } {
  const params: ChatCompletionCreateParamsStreaming = {
    model: modelId,
    messages: convertToOpenAIMessages({
      system: request.system,
      messages: request.messages,
      volatileSystemSuffix: promptCaching ? request.volatileSystemSuffix : undefined,
    }),
    stream: true,
  };
  if (capabilities.streamUsage) params.stream_options = { include_usage: true };
  const maxTokens = request.maxTokens ?? defaultMaxTokens;
  if (maxTokens !== undefined) params[capabilities.maxTokensField] = maxTokens;
  if (request.stopSequences !== undefined && request.stopSequences.length > 0)
    params.stop = request.stopSequences;

  const reasoning = convertToOpenAIReasoningEffort({
    settings: request.thinking ?? defaultThinking,
    takesReasoningEffort: capabilities.reasoningEffort,
    modelId,
  });
  if (reasoning.reasoningEffort !== undefined) params.reasoning_effort = reasoning.reasoningEffort;
  const warnings = [...reasoning.warnings];
  if (request.responseFormat !== undefined) {
    const format = convertToOpenAIResponseFormat({
      responseFormat: request.responseFormat,
      takesJsonSchema: capabilities.structuredOutput,
      modelId,
    });
    if (format.responseFormat !== undefined) params.response_format = format.responseFormat;
    warnings.push(...format.warnings);
  }

  if (request.tools.length > 0) {
    const choice = convertToOpenAIToolChoice({
      toolChoice: request.toolChoice,
      maxToolsPerResponse: request.maxToolsPerResponse,
      honoursToolChoice: capabilities.toolChoice,
    });
    if (choice.sendTools) {
      params.tools = convertToOpenAITools(request.tools);
      if (choice.toolChoice !== undefined) params.tool_choice = choice.toolChoice;
      if (choice.parallelToolCalls !== undefined) params.parallel_tool_calls = choice.parallelToolCalls;
    }
    warnings.push(...choice.warnings);
  }
  return { params, warnings };
}
