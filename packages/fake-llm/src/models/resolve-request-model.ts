import { findCatalogueModel, type CatalogueModel, type ModelApi } from '@toolloop/models';
import type { FakeLlmModel } from './fake-llm-model.js';

/** What a model a script adds is like when it names no `like`: a current mid-range model of its API. */
const defaultLikeByApi: Record<ModelApi, string> = {
  'anthropic-messages': 'claude-sonnet-4-6',
  'openai-chat-completions': 'gpt-5',
  gemini: 'gemini-2.5-flash',
  'ollama-chat': 'qwen3',
  'bedrock-converse': 'anthropic.claude-sonnet-4-6',
};

const apis: readonly ModelApi[] = [
  'anthropic-messages',
  'openai-chat-completions',
  'gemini',
  'ollama-chat',
  'bedrock-converse',
];

/**
 * The model a request names, with the limits it is held to: one the script adds, else the catalogue's entry
 * for the API, else `undefined` (the API serves no model by that id).
 */
export function resolveRequestModel(options: {
  api: ModelApi;
  id: string;
  scriptModels: readonly FakeLlmModel[] | undefined;
}): CatalogueModel | undefined {
  const { api, id } = options;
  const added = options.scriptModels?.find((model) => model.id === id);
  if (added === undefined) return findCatalogueModel({ api, id });
  const likeId = added.like ?? defaultLikeByApi[api];
  // A model like one of another API's (a proxy serving Claude on chat completions, say) takes that model's
  // limits: the script checked that `like` names a model of one API or the other.
  const like =
    findCatalogueModel({ api, id: likeId }) ??
    apis
      .map((other) => findCatalogueModel({ api: other, id: likeId }))
      .find((found) => found !== undefined) ??
    findCatalogueModel({ api, id: defaultLikeByApi[api] });
  if (like === undefined) throw new Error(`The model catalogue lacks ${defaultLikeByApi[api]}.`);
  return {
    ...like,
    api,
    id,
    ...(added.contextWindow === undefined ? {} : { contextWindow: added.contextWindow }),
    ...(added.maxOutputTokens === undefined ? {} : { maxOutputTokens: added.maxOutputTokens }),
    ...(added.thinking === undefined ? {} : { thinking: added.thinking }),
  };
}
