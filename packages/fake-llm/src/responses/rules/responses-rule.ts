import type { FakeLlmModel } from '../../models/fake-llm-model.js';
import type { FakeLlmRule } from '../../rules/fake-llm-rule.js';
import type { ResponsesAnswer } from '../responses-answer.js';
import type { ResponsesRequestBody } from '../responses-request-body.js';

/** What the Responses API's rules read of one request, and of the script it is for. */
export interface ResponsesRuleContext {
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The fields the fake reads, or `undefined` when the body is no Responses API request. */
  request: ResponsesRequestBody | undefined;
  /** Models the script adds to those the API serves. */
  scriptModels: readonly FakeLlmModel[] | undefined;
  /**
   * The conversation the request stands for: the kept conversation of its `previous_response_id`, then its
   * input, with each `item_reference` to a kept item replaced by that item.
   */
  conversation: readonly Record<string, unknown>[];
  /** Whether the fake keeps the response `previous_response_id` names (`true` when there is none). */
  previousResponseKept: boolean;
  /** What the script answered before, oldest first. */
  answers: readonly ResponsesAnswer[];
}

/** A rule whose breach the fake refuses with the API's 4xx; the request takes no step. */
export type ResponsesRule = FakeLlmRule<ResponsesRuleContext> & { outcome: 'refuses' };
