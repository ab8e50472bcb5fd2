import { resolveRequestModel } from '../../models/resolve-request-model.js';
import { measureChatMediaAdjustment } from '../measure-chat-media.js';
import type { ChatCompletionsRefusalRule, ChatCompletionsRuleContext } from './chat-completions-rule.js';

const modelsPage = 'https://platform.openai.com/docs/models';

/** The model a request names, with its limits; `undefined` when the fake does not know it (see the unknown-model rule). */
function readModel({ body, scriptModels }: ChatCompletionsRuleContext) {
  return typeof body.model === 'string'
    ? resolveRequestModel({ api: 'openai-chat-completions', id: body.model, scriptModels })
    : undefined;
}

/** `max_completion_tokens` or `max_tokens` above the most output tokens the model writes. */
export const maxOutputTokensRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/max-output-tokens',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary: "`max_completion_tokens` (or `max_tokens`) above the most output tokens the model's page gives.",
  source:
    `${modelsPage} (each model's output limit); the answer (param max_tokens, code null) as quoted in ` +
    'https://github.com/ChatGPTNextWeb/NextChat/issues/3195 and ' +
    'https://github.com/algorithmicsuperintelligence/optillm/issues/4 ("max_tokens is too large: 8192. This ' +
    'model supports at most 4096 completion tokens, whereas you provided 8192."); the same words for ' +
    "max_completion_tokens are the fake's",
  check(context) {
    const model = readModel(context);
    if (model === undefined) return undefined;
    for (const field of ['max_completion_tokens', 'max_tokens'] as const) {
      const asked = context.body[field];
      if (typeof asked === 'number' && asked > model.maxOutputTokens) {
        return {
          status: 400,
          type: 'invalid_request_error',
          param: field,
          code: null,
          message:
            `${field} is too large: ${asked}. This model supports at most ${model.maxOutputTokens} completion ` +
            `tokens, whereas you provided ${asked}.`,
        };
      }
    }
    return undefined;
  },
};

/** A prompt past the model's context window, in the fake's estimate: four characters of the body a token. */
export const contextWindowRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/context-window',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    "A prompt past the model's context window, in the fake's estimate: four characters of the body a token, an " +
    'image sent as a data URL 1600 tokens in place of its data.',
  source:
    `${modelsPage} (each model's context window); the answer (param messages, code context_length_exceeded) as ` +
    'quoted in https://github.com/chathub-dev/chathub/issues/126 and ' +
    'https://github.com/crewAIInc/crewAI-examples/issues/121 ("This model\'s maximum context length is 8192 ' +
    'tokens. However, your messages resulted in 8227 tokens. Please reduce the length of the messages.")',
  check(context) {
    const model = readModel(context);
    if (model === undefined) return undefined;
    const length = context.bodyLength + measureChatMediaAdjustment(context.body.messages);
    const tokens = Math.max(1, Math.ceil(length / 4));
    if (tokens <= model.contextWindow) return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
      message:
        `This model's maximum context length is ${model.contextWindow} tokens. However, your messages resulted in ` +
        `${tokens} tokens. Please reduce the length of the messages.`,
    };
  },
};

/** `max_tokens` to a reasoning model, which takes only `max_completion_tokens`. */
export const reasoningMaxTokensRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/reasoning-model-max-tokens',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    '`max_tokens` to a reasoning model (o-series, GPT-5), which takes `max_completion_tokens` instead.',
  source:
    'https://platform.openai.com/docs/guides/reasoning (reasoning models take max_completion_tokens); the answer ' +
    '(param max_tokens, code unsupported_parameter) as quoted in https://github.com/griptape-ai/ComfyUI-Griptape/issues/312 ' +
    '(gpt-5), https://github.com/fish2018/YPrompt/issues/26 (gpt-5.1) and https://github.com/teilomillet/gollm/issues/33 ' +
    '(o1, o3-mini)',
  check(context) {
    if (readModel(context)?.thinking !== 'reasoning-effort' || context.body.max_tokens === undefined)
      return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    };
  },
};

/**
 * Whether a model takes a `temperature` other than 1 with the reasoning effort a request asks for: the o-series
 * and GPT-5 never do; from GPT-5.1 on, the default effort is `none`, and then they do.
 */
function takesTemperature(modelId: string, effort: unknown): boolean {
  const reasoningOffByDefault = /^gpt-5\.\d/u.test(modelId);
  return reasoningOffByDefault && (effort === undefined || effort === null || effort === 'none');
}

/** A `temperature` other than 1 to a reasoning model that is reasoning, which takes only the default. */
export const reasoningTemperatureRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/reasoning-model-temperature',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    'A `temperature` other than 1 to a reasoning model while it reasons: the o-series and GPT-5 always; GPT-5.1 ' +
    "and later only with a `reasoning_effort` other than 'none' (their default is 'none').",
  source:
    'https://platform.openai.com/docs/guides/reasoning; GPT-5.1 and later reason with effort none by default and ' +
    'then take temperature, as https://github.com/vercel/ai/pull/10942 and ' +
    'https://github.com/langchain-ai/langchain/pull/35424 found; the answer (param temperature, code ' +
    'unsupported_value) as quoted in https://github.com/johny-b/llmcomp/issues/69, ' +
    'https://github.com/owndev/Open-WebUI-Functions/issues/98 (gpt-5) and https://github.com/cline/cline/issues/341 ' +
    '(o1)',
  check(context) {
    const { temperature, reasoning_effort: effort, model } = context.body;
    if (readModel(context)?.thinking !== 'reasoning-effort' || typeof model !== 'string') return undefined;
    if (typeof temperature !== 'number' || temperature === 1 || takesTemperature(model, effort))
      return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'unsupported_value',
      message: `Unsupported value: 'temperature' does not support ${temperature} with this model. Only the default (1) value is supported.`,
    };
  },
};
