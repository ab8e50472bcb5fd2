import { isRecord } from '../../internal/is-record.js';
import { resolveRequestModel } from '../../models/resolve-request-model.js';
import type { BedrockRule } from './bedrock-rule.js';

/** `inferenceConfig.maxTokens` above the most output tokens the model produces. */
export const maxTokensRule: BedrockRule = {
  id: 'bedrock/max-tokens',
  wire: 'bedrock',
  outcome: 'refuses',
  summary: "inferenceConfig.maxTokens above the model's output limit (the model catalogue's figure).",
  source:
    "The model catalogue's output limits; Bedrock's 400 ValidationException as quoted in " +
    'https://github.com/vercel/ai/issues/2772 and https://github.com/sigoden/aichat/pull/813.',
  check({ body, request, scriptModels }) {
    const maxTokens = isRecord(body.inferenceConfig) ? body.inferenceConfig.maxTokens : undefined;
    if (typeof maxTokens !== 'number') return undefined;
    const model = resolveRequestModel({ api: 'bedrock-converse', id: request.modelId, scriptModels });
    if (model === undefined || maxTokens <= model.maxOutputTokens) return undefined;
    const limit = model.maxOutputTokens;
    return {
      status: 400,
      type: 'ValidationException',
      message: `The maximum tokens you requested exceeds the model limit of ${limit}. Try again with a maximum tokens value that is lower than ${limit}.`,
    };
  },
};
