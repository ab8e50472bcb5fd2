import { refuseUnknownOpenAiModel } from '../../openai/rules/refuse-unknown-openai-model.js';
import type { ResponsesRule } from './responses-rule.js';

/**
 * A model OpenAI does not serve: one of neither the model catalogue's OpenAI models nor the script's. The
 * Responses API takes the chat models' ids (its own few more, such as the `-pro` models, are not listed yet).
 */
export const unknownModelRule: ResponsesRule = {
  id: 'responses/unknown-model',
  wire: 'responses',
  outcome: 'refuses',
  summary: "A model the API does not serve: one of neither the published model list nor the script's models.",
  source:
    "The model ids of ModelIdsShared in OpenAI's OpenAPI description (the model catalogue), and a script's own " +
    'models; the answer as chat completions gives it (see chat-completions/unknown-model).',
  check: ({ body, scriptModels }) => refuseUnknownOpenAiModel({ body, scriptModels }),
};
