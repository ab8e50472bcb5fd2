import type { CatalogueModel } from '@toolloop/models';
import type { FakeLlmRule } from '../../rules/fake-llm-rule.js';
import type { GeminiAnswer } from '../gemini-answer.js';
import type { GeminiRequestBody } from '../gemini-request-body.js';
import type { GeminiPath } from '../read-gemini-path.js';

/** What Gemini's rules read of one request, and of the script it is for. */
export interface GeminiRuleContext {
  /** The request body, its snake_case field names read as the API reads them (camelCase). */
  body: Record<string, unknown>;
  /** The fields the fake reads, or `undefined` when the body is no generateContent request. */
  request: GeminiRequestBody | undefined;
  /** The path's API version, model and method, and the key. */
  path: GeminiPath;
  /** The model the path names, from the catalogue or the script's models; `undefined` when none serves it. */
  model: CatalogueModel | undefined;
  /** What the script answered before, oldest first. */
  answers: readonly GeminiAnswer[];
}

/** A rule whose breach the fake refuses with the API's 4xx; the request takes no step. */
export type GeminiRule = FakeLlmRule<GeminiRuleContext> & { outcome: 'refuses' };
