import type { ModelRequest, ThinkingSettings, WarningPart } from '@toolloop/core';
import { convertToOllamaMessages } from './convert-to-ollama-messages.js';
import { convertToOllamaThink } from './convert-to-ollama-think.js';
import { convertToOllamaTools } from './convert-to-ollama-tools.js';
import type { OllamaCapabilities } from './ollama-capabilities.js';
import type { OllamaChatBody } from './ollama-wire-types.js';

/**
 * The body of one streamed `POST /api/chat` for a core request, and the warnings about settings it could not
 * send as asked. The system prompt leads the messages; the output limit and stop sequences go in `options`
 * (`num_predict`, `stop`) over the provider's `options`; thinking settings become `think` (see
 * `convertToOllamaThink`); the answer's schema goes as `format`; tools per `convertToOllamaTools`. A model the
 * capabilities say takes no tools gets none, with a warning, where Ollama would refuse the request.
 */
export function buildOllamaRequest({
  request,
  modelId,
  capabilities,
  defaults,
}: {
  request: Omit<ModelRequest, 'signal'>;
  modelId: string;
  capabilities: OllamaCapabilities;
  defaults: {
    maxTokens?: number | undefined;
    thinking?: ThinkingSettings | undefined;
    options?: Record<string, unknown> | undefined;
    keepAlive?: string | number | undefined;
  };
}): { body: OllamaChatBody; warnings: WarningPart[] } {
  const warnings: WarningPart[] = [];
  const body: OllamaChatBody = {
    model: modelId,
    messages: convertToOllamaMessages({ system: request.system, messages: request.messages }),
    stream: true,
  };
  const maxTokens = request.maxTokens ?? defaults.maxTokens;
  const stop = request.stopSequences !== undefined && request.stopSequences.length > 0;
  if (defaults.options !== undefined || maxTokens !== undefined || stop) {
    body.options = {
      ...defaults.options,
      ...(maxTokens === undefined ? {} : { num_predict: maxTokens }),
      ...(stop ? { stop: request.stopSequences } : {}),
    };
  }
  if (defaults.keepAlive !== undefined) body.keep_alive = defaults.keepAlive;

  const think = convertToOllamaThink({
    settings: request.thinking ?? defaults.thinking,
    thinking: capabilities.thinking,
    modelId,
  });
  warnings.push(...think.warnings);
  if (think.think !== undefined) body.think = think.think;

  if (request.responseFormat !== undefined) {
    if (capabilities.structuredOutput) body.format = request.responseFormat.schema;
    else
      warnings.push({
        type: 'warning',
        code: 'structured_output_unsupported',
        message: `${modelId} is set not to take a JSON schema as format (capabilities.structuredOutput); the answer's format was not sent.`,
      });
  }

  if (request.tools.length > 0 && !capabilities.tools) {
    warnings.push({
      type: 'warning',
      code: 'tools_unsupported',
      message: `The model ${modelId} does not take tools (Ollama refuses them for it), so none were sent; pull a model with tool support, or set capabilities.tools.`,
    });
  } else {
    const tools = convertToOllamaTools({ tools: request.tools, toolChoice: request.toolChoice });
    warnings.push(...tools.warnings);
    if (tools.tools.length > 0) body.tools = tools.tools;
  }
  return { body, warnings };
}
