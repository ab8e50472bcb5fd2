import type { ConverseStreamRequest } from '@aws-sdk/client-bedrock-runtime';
import { toolBlocksAsText } from './tool-blocks-as-text.js';
import type { ModelRequest, ThinkingSettings, WarningPart } from '@toolloop/core';
import type { BedrockCapabilities } from './bedrock-capabilities.js';
import { convertToBedrockMessages } from './convert-to-bedrock-messages.js';
import { convertToBedrockThinking } from './convert-to-bedrock-thinking.js';
import { convertToBedrockToolChoice, convertToBedrockTools } from './convert-to-bedrock-tools.js';

/**
 * The ConverseStream request for one core request, and the warnings about settings it could not send as
 * asked. The system prompt goes as one `system` text block, the conversation as `messages` (see
 * `convertToBedrockMessages`), limits and stop sequences in `inferenceConfig`, tools in `toolConfig`, thinking in
 * `additionalModelRequestFields` (see `convertToBedrockThinking`), and an answer's schema as
 * `outputConfig.textFormat` (Converse's structured output) for the models that take one.
 */
export function buildBedrockRequest({
  request,
  modelId,
  capabilities,
  defaultMaxTokens,
  defaultThinking,
}: {
  request: Omit<ModelRequest, 'signal'>;
  modelId: string;
  capabilities: BedrockCapabilities;
  defaultMaxTokens?: number | undefined;
  defaultThinking?: ThinkingSettings | undefined;
}): { params: ConverseStreamRequest; warnings: WarningPart[] } {
  const warnings: WarningPart[] = [];
  const thinking = convertToBedrockThinking({
    settings: request.thinking ?? defaultThinking,
    capabilities,
    maxTokens: request.maxTokens ?? defaultMaxTokens ?? capabilities.defaultMaxTokens,
    modelId,
  });
  warnings.push(...thinking.warnings);
  const params: ConverseStreamRequest = {
    modelId,
    messages: convertToBedrockMessages(request.messages),
    inferenceConfig: {
      maxTokens: thinking.maxTokens,
      ...(request.stopSequences === undefined || request.stopSequences.length === 0
        ? {}
        : { stopSequences: request.stopSequences }),
    },
  };
  if (request.system !== undefined && request.system !== '') params.system = [{ text: request.system }];
  if (thinking.fields !== undefined) params.additionalModelRequestFields = thinking.fields;

  if (request.tools.length > 0) {
    const choice = convertToBedrockToolChoice({ toolChoice: request.toolChoice, thinks: thinking.thinks });
    warnings.push(...choice.warnings);
    params.toolConfig = {
      tools: convertToBedrockTools(request.tools),
      ...(choice.toolChoice === undefined ? {} : { toolChoice: choice.toolChoice }),
    };
  } else {
    const asText = toolBlocksAsText(params.messages ?? []);
    params.messages = asText.messages;
    if (asText.changed)
      warnings.push({
        type: 'warning',
        code: 'tool_history_as_text',
        message:
          'This request offers no tools, and Bedrock takes tool calls and results only with tools: the earlier ones were sent as text.',
      });
  }

  if (request.responseFormat !== undefined) {
    if (capabilities.structuredOutput) {
      params.outputConfig = {
        textFormat: {
          type: 'json_schema',
          structure: {
            jsonSchema: {
              schema: JSON.stringify(request.responseFormat.schema),
              name: request.responseFormat.name,
            },
          },
        },
      };
    } else {
      warnings.push({
        type: 'warning',
        code: 'structured_output_unsupported',
        message: `${modelId} is not known to take an output schema on Converse (set capabilities.structuredOutput if it does); the answer's format was not sent.`,
      });
    }
  }
  return { params, warnings };
}
