import { findCatalogueModel } from '@toolloop/models';
import { getOpenAIModelCapabilities } from '../openai/openai-compatible-capabilities.js';

/** What a model behind the Responses API accepts; `capabilities` overrides any field. */
export interface OpenAIResponsesCapabilities {
  /**
   * Whether the model reasons (OpenAI's o-series and GPT-5 on): then thinking settings go out as
   * `reasoning: { effort, summary: 'auto' }`, and the encrypted reasoning is asked for, to be sent back. A model
   * that does not reason gets neither (the API refuses both), and thinking settings get a warning.
   */
  reasoning: boolean;
  /** Whether the model takes `text.format: { type: 'json_schema' }` (structured outputs). */
  structuredOutput: boolean;
}

/**
 * The capabilities of an OpenAI model: from the model catalogue (`@toolloop/models`, the ids chat completions
 * serves, which the Responses API serves too) when it lists the id, else read from the id as for chat
 * completions (o-series from o1, GPT from 5 on), so newer models need no update.
 */
export function getOpenAIResponsesCapabilities(modelId: string): OpenAIResponsesCapabilities {
  const entry = findCatalogueModel({ api: 'openai-chat-completions', id: modelId });
  if (entry !== undefined) {
    return { reasoning: entry.thinking === 'reasoning-effort', structuredOutput: entry.structuredOutput };
  }
  const fromId = getOpenAIModelCapabilities(modelId);
  return { reasoning: fromId.reasoningEffort, structuredOutput: fromId.structuredOutput };
}
