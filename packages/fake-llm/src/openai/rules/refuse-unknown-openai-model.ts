import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { FakeLlmModel } from '../../models/fake-llm-model.js';
import { resolveRequestModel } from '../../models/resolve-request-model.js';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';

/**
 * OpenAI's 404 for a body whose `model` is none OpenAI serves (the model catalogue's OpenAI models, and the
 * script's own), or `undefined` when it is one (or the body names none: the definition rule answers that).
 */
export function refuseUnknownOpenAiModel(options: {
  body: Record<string, unknown>;
  scriptModels: readonly FakeLlmModel[] | undefined;
}): RuleRefusal | undefined {
  const { model } = options.body;
  if (typeof model !== 'string') return undefined;
  const known = resolveRequestModel({
    api: 'openai-chat-completions',
    id: model,
    scriptModels: options.scriptModels,
  });
  if (known !== undefined) return undefined;
  return {
    status: 404,
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: `The model \`${shortenForMessage(model)}\` does not exist or you do not have access to it.`,
  };
}
