import type { ModelRequest, ThinkingSettings, WarningPart } from '@toolloop/core';
import { convertToGeminiContents } from './convert-to-gemini-contents.js';
import { convertToGeminiThinkingConfig } from './convert-to-gemini-thinking-config.js';
import { convertToGeminiToolConfig, convertToGeminiTools } from './convert-to-gemini-tools.js';
import type { GeminiCapabilities } from './gemini-capabilities.js';
import type { GeminiRequest } from './gemini-request.js';

/**
 * The generateContent request for one core request, and the warnings about settings it could not send as asked:
 * the system prompt as `systemInstruction`, the conversation as `contents` (see `convertToGeminiContents`), tools
 * as function declarations with their `toolConfig`, the output limit, stop sequences, thinking (see
 * `convertToGeminiThinkingConfig`) and a response schema (`responseMimeType: application/json` with
 * `responseJsonSchema`).
 */
export function buildGeminiRequest({
  request,
  modelId,
  capabilities,
  defaultMaxTokens,
  defaultThinking,
}: {
  request: Omit<ModelRequest, 'signal'>;
  modelId: string;
  capabilities: GeminiCapabilities;
  defaultMaxTokens?: number | undefined;
  defaultThinking?: ThinkingSettings | undefined;
}): { params: GeminiRequest; warnings: WarningPart[] } {
  const config: GeminiRequest['config'] = {};
  const warnings: WarningPart[] = [];
  if (request.system !== undefined && request.system !== '') config.systemInstruction = request.system;
  const maxTokens = request.maxTokens ?? defaultMaxTokens;
  if (maxTokens !== undefined) config.maxOutputTokens = maxTokens;
  if (request.stopSequences !== undefined && request.stopSequences.length > 0)
    config.stopSequences = request.stopSequences;

  const thinking = convertToGeminiThinkingConfig({
    settings: request.thinking ?? defaultThinking,
    capabilities,
    modelId,
  });
  warnings.push(...thinking.warnings);
  if (thinking.thinkingConfig !== undefined) config.thinkingConfig = thinking.thinkingConfig;

  if (request.responseFormat !== undefined) {
    if (capabilities.structuredOutput) {
      config.responseMimeType = 'application/json';
      config.responseJsonSchema = request.responseFormat.schema;
    } else {
      warnings.push({
        type: 'warning',
        code: 'structured_output_unsupported',
        message: `${modelId} is not known to take a response schema (set capabilities.structuredOutput if it does); the answer's format was not sent.`,
      });
    }
  }

  if (request.tools.length > 0) {
    config.tools = convertToGeminiTools({
      tools: request.tools,
      parametersJsonSchema: capabilities.parametersJsonSchema,
    });
    if (request.toolChoice !== undefined) config.toolConfig = convertToGeminiToolConfig(request.toolChoice);
  }
  return {
    params: { model: modelId, contents: convertToGeminiContents(request.messages), config },
    warnings,
  };
}
