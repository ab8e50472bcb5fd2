import type { MessageCreateParamsStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelRequest, ThinkingSettings, WarningPart } from '@toolloop/core';
import {
  addAnthropicCacheBreakpoints,
  moveRoundLineToLastMessage,
} from './add-anthropic-cache-breakpoints.js';
import type { AnthropicModelCapabilities } from './anthropic-model-capabilities.js';
import type { AnthropicProviderOptions } from './anthropic-provider-options.js';
import { convertedMessageBytes, convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { convertToAnthropicOutputFormat } from './convert-to-anthropic-output-format.js';
import { convertToAnthropicThinking } from './convert-to-anthropic-thinking.js';
import { convertToAnthropicToolChoice } from './convert-to-anthropic-tool-choice.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';
import { reachesAnthropicPromptTokens } from './estimate-anthropic-prompt-tokens.js';

/**
 * The Messages API body for one core request, and the warnings about settings it could not send as asked.
 * `max_tokens` is the request's, else the provider's, else the model's default (raised for a thinking budget);
 * thinking is the request's, else the provider's default; an empty tool list sends no `tools` field. With
 * prompt caching on (the default, on models that have it) and a prompt estimated to reach the model's minimum
 * cacheable length, the stable prefix gets `cache_control` breakpoints and the round's line of the system prompt
 * moves after them (`addAnthropicCacheBreakpoints`). For a message thread (`stableSystem`), whose system prompt
 * cannot change, the round's line moves to the last user message even without breakpoints. `conversation` is the
 * messages as converted, before breakpoints and the round's line: what a thread compares from request to request.
 */
export function buildAnthropicRequest({
  request,
  modelId,
  capabilities,
  defaultMaxTokens,
  defaultThinking,
  promptCaching = true,
  stableSystem = false,
}: {
  request: Omit<ModelRequest, 'signal'>;
  modelId: string;
  capabilities: AnthropicModelCapabilities;
  defaultMaxTokens?: number;
  defaultThinking?: ThinkingSettings;
  promptCaching?: AnthropicProviderOptions['promptCaching'];
  stableSystem?: boolean;
}): { params: MessageCreateParamsStreaming; warnings: WarningPart[]; conversation: MessageParam[] } {
  const thinking = convertToAnthropicThinking({
    settings: request.thinking ?? defaultThinking,
    capabilities,
    maxTokens: request.maxTokens ?? defaultMaxTokens ?? capabilities.defaultMaxTokens,
    modelId,
  });
  const conversation = convertToAnthropicMessages(request.messages);
  const params: MessageCreateParamsStreaming = {
    model: modelId,
    max_tokens: thinking.maxTokens,
    messages: conversation,
    stream: true,
  };
  if (request.system !== undefined && request.system !== '') params.system = request.system;
  if (request.stopSequences !== undefined && request.stopSequences.length > 0)
    params.stop_sequences = request.stopSequences;
  if (thinking.thinking !== undefined) params.thinking = thinking.thinking;
  if (thinking.effort !== undefined) params.output_config = { effort: thinking.effort };

  const warnings = [...thinking.warnings];
  if (request.responseFormat !== undefined) {
    const format = convertToAnthropicOutputFormat({
      responseFormat: request.responseFormat,
      capabilities,
      modelId,
    });
    if (format.format !== undefined)
      params.output_config = { ...params.output_config, format: format.format };
    warnings.push(...format.warnings);
  }
  if (request.tools.length > 0) {
    params.tools = convertToAnthropicTools(request.tools);
    const toolChoice = convertToAnthropicToolChoice({
      toolChoice: request.toolChoice,
      maxToolsPerResponse: request.maxToolsPerResponse,
      thinks: thinking.thinks,
    });
    if (toolChoice.toolChoice !== undefined) params.tool_choice = toolChoice.toolChoice;
    warnings.push(...toolChoice.warnings);
  }
  if (
    promptCaching !== false &&
    capabilities.promptCaching &&
    reachesAnthropicPromptTokens(params, capabilities.minCacheableTokens, convertedMessageBytes)
  ) {
    const cached = addAnthropicCacheBreakpoints({
      params,
      volatileSystemSuffix: request.volatileSystemSuffix,
      ttl: promptCaching === true ? undefined : promptCaching.ttl,
    });
    return { params: cached, warnings, conversation };
  }
  if (stableSystem) {
    const moved = moveRoundLineToLastMessage({ params, volatileSystemSuffix: request.volatileSystemSuffix });
    return { params: moved, warnings, conversation };
  }
  return { params, warnings, conversation };
}
