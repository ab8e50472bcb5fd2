import { resolveRequestModel } from '../../models/resolve-request-model.js';
import type { BedrockRule } from './bedrock-rule.js';

/**
 * A model id Bedrock does not serve: none of the model catalogue's Bedrock models (by id, or by a cross-region
 * inference profile id that routes to one) nor the script's.
 */
export const unknownModelRule: BedrockRule = {
  id: 'bedrock/unknown-model',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    "A model id (in the path) that is none of the catalogue's Bedrock models, their inference profiles, or the script's models.",
  source:
    "The model catalogue's Bedrock models (Bedrock's model cards); the 400 ValidationException as quoted in " +
    'https://github.com/iOfficeAI/AionCore/pull/377 and https://github.com/earendil-works/pi/issues/4993.',
  check({ request, scriptModels }) {
    const known = resolveRequestModel({ api: 'bedrock-converse', id: request.modelId, scriptModels });
    if (known !== undefined) return undefined;
    return { status: 400, type: 'ValidationException', message: 'The provided model identifier is invalid.' };
  },
};
