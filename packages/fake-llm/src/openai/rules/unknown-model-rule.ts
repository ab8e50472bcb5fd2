import { refuseUnknownOpenAiModel } from './refuse-unknown-openai-model.js';
import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';

/**
 * A model OpenAI does not serve: one its published definition does not list, that the script does not add. Other
 * servers serve other models (and an Ollama server those it pulled, which the fake cannot know), and so does the
 * text-only model the XML tool format stands for, a model of an OpenAI-compatible server.
 */
export const unknownModelRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/unknown-model',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    "A model the API does not serve: one of neither the published definition's model list nor the script's " +
    "models (the XML tool format's text-only model, a model of an OpenAI-compatible server, excepted).",
  source:
    "The model ids of ModelIdsShared in OpenAI's OpenAPI description (the model catalogue), and a script's own " +
    'models; the answer as quoted in https://github.com/openai/openai-agents-python/issues/458 and ' +
    'https://github.com/jianchang512/pyvideotrans/issues/499.',
  check: ({ body, scriptModels, toolFormat }) =>
    toolFormat === 'xml' ? undefined : refuseUnknownOpenAiModel({ body, scriptModels }),
};
