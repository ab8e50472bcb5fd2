import type { FakeLlmModel } from '../../models/fake-llm-model.js';
import type { FakeLlmRule } from '../../rules/fake-llm-rule.js';
import type { OllamaChatRequestBody } from '../ollama-chat-request-body.js';

/** What the rules of Ollama's `POST /api/chat` read of one request, and of the script it is for. */
export interface OllamaChatRuleContext {
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The fields the fake reads. */
  request: OllamaChatRequestBody;
  /** Models the script adds to those the catalogue lists ("pulled" on this fake). */
  scriptModels: readonly FakeLlmModel[] | undefined;
}

/** A rule whose breach the fake refuses with Ollama's 4xx; the request takes no step. */
export type OllamaChatRule = FakeLlmRule<OllamaChatRuleContext> & { outcome: 'refuses' };
