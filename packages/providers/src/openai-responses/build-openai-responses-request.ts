import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { ModelRequest, ThinkingSettings, WarningPart } from '@toolloop/core';
import { convertToOpenAIReasoningEffort } from '../openai/convert-to-openai-reasoning-effort.js';
import { fitsOpenAIStrictMode } from '../openai/fits-openai-strict-mode.js';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import {
  convertToOpenAIResponsesTools,
  convertToOpenAIResponsesToolChoice,
} from './convert-to-openai-responses-tools.js';
import type { OpenAIResponsesCapabilities } from './openai-responses-capabilities.js';
import type { OpenAIResponsesInputItem } from './openai-responses-input-item.js';

/** A Responses API body as this provider sends it: the SDK's, with `input` items of its own shape. */
export type OpenAIResponsesParams = Omit<ResponseCreateParamsStreaming, 'input'> & {
  input: OpenAIResponsesInputItem[];
};

/**
 * The Responses API body for one core request, and the warnings about settings it could not send as asked.
 * The system prompt goes as `instructions`, the conversation as `input` items (see
 * `convertToOpenAIResponsesInput`). Nothing is stored on the server (`store: false`, unless `store` says so),
 * so a reasoning model is asked for its reasoning encrypted (`include: ['reasoning.encrypted_content']`), to be
 * sent back whole in the next request. Thinking settings become `reasoning.effort`, with a summary to show.
 */
export function buildOpenAIResponsesRequest({
  request,
  modelId,
  capabilities,
  defaultMaxTokens,
  defaultThinking,
  store = false,
}: {
  request: Omit<ModelRequest, 'signal'>;
  modelId: string;
  capabilities: OpenAIResponsesCapabilities;
  defaultMaxTokens?: number | undefined;
  defaultThinking?: ThinkingSettings | undefined;
  store?: boolean | undefined;
}): { params: OpenAIResponsesParams; warnings: WarningPart[] } {
  const params: OpenAIResponsesParams = {
    model: modelId,
    ...(request.system === undefined || request.system === '' ? {} : { instructions: request.system }),
    input: convertToOpenAIResponsesInput(request.messages),
    stream: true,
    store,
  };
  const warnings: WarningPart[] = [];
  const maxTokens = request.maxTokens ?? defaultMaxTokens;
  if (maxTokens !== undefined) params.max_output_tokens = maxTokens;
  if (request.stopSequences !== undefined && request.stopSequences.length > 0) {
    warnings.push({
      type: 'warning',
      code: 'stop_sequences_unsupported',
      message: 'The Responses API takes no stop sequences; they were not sent.',
    });
  }

  const effort = convertToOpenAIReasoningEffort({
    settings: request.thinking ?? defaultThinking,
    takesReasoningEffort: capabilities.reasoning,
    modelId,
  });
  warnings.push(...effort.warnings);
  if (capabilities.reasoning) {
    params.reasoning = {
      ...(effort.reasoningEffort === undefined ? {} : { effort: effort.reasoningEffort }),
      summary: 'auto',
    };
    if (!store) params.include = ['reasoning.encrypted_content'];
  }

  if (request.responseFormat !== undefined) {
    if (capabilities.structuredOutput) {
      params.text = {
        format: {
          type: 'json_schema',
          name: request.responseFormat.name,
          schema: request.responseFormat.schema,
          strict: fitsOpenAIStrictMode(request.responseFormat.schema),
        },
      };
    } else {
      warnings.push({
        type: 'warning',
        code: 'structured_output_unsupported',
        message: `${modelId} is not known to take a json_schema text format (set capabilities.structuredOutput if it does); the answer's format was not sent.`,
      });
    }
  }

  if (request.tools.length > 0) {
    params.tools = convertToOpenAIResponsesTools(request.tools);
    if (request.toolChoice !== undefined)
      params.tool_choice = convertToOpenAIResponsesToolChoice(request.toolChoice);
    if (request.maxToolsPerResponse !== undefined && request.maxToolsPerResponse <= 1)
      params.parallel_tool_calls = false;
  }
  return { params, warnings };
}
