import type { ModelThinking } from '@toolloop/models';

/**
 * A model a script adds to those the fake knows (a fine-tuned model, a proxy's own name, a model a test makes
 * up): requests for it are answered as for a listed model, and held to these limits. Fields left out are those
 * of the model named by `like`, else those of a current mid-range model of the API.
 */
export interface FakeLlmModel {
  id: string;
  /** A model of the catalogue whose limits this one takes, such as `claude-sonnet-4-6` or `gpt-5`. */
  like?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
  thinking?: ModelThinking;
}
