import type { FakeLlmModel } from '../../models/fake-llm-model.js';
import type { FakeLlmRule } from '../../rules/fake-llm-rule.js';
import type { BedrockAnswer } from '../bedrock-answer.js';
import type { BedrockRequestBody } from '../bedrock-request-body.js';

/** What the Converse API's rules read of one request, and of the script it is for. */
export interface BedrockRuleContext {
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The fields the fake reads. */
  request: BedrockRequestBody;
  /** The `Authorization` header, or `null`. */
  authorization: string | null;
  /** Models the script adds to those Bedrock serves. */
  scriptModels: readonly FakeLlmModel[] | undefined;
  /** What the script answered before, oldest first. */
  answers: readonly BedrockAnswer[];
}

/** A rule whose breach the fake refuses with Bedrock's 4xx; the request takes no step. */
export type BedrockRule = FakeLlmRule<BedrockRuleContext> & { outcome: 'refuses' };
