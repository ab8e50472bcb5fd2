import type { FakeLlmModel } from '../../models/fake-llm-model.js';
import type { ChatCompletionsToolFormat } from '../../script/fake-llm-script.js';
import type { FakeLlmViolationType } from '../../records/fake-llm-violation.js';
import type { FakeLlmRule, FakeLlmRuleDescription } from '../../rules/fake-llm-rule.js';
import type { ChatCompletionsAnswer } from '../chat-completions-answer.js';
import type { ChatCompletionsDialect, ChatCompletionsQuirks } from '../chat-completions-dialect.js';
import type { ChatCompletionsRequestBody } from '../chat-completions-request-body.js';

/** What chat completions' rules read of one request, and of the script it is for. */
export interface ChatCompletionsRuleContext {
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The length of the body's text, for the fake's token estimate. */
  bodyLength: number;
  /** The fields the fake reads, or `undefined` when the body is no chat completions request (no `messages` list). */
  request: ChatCompletionsRequestBody | undefined;
  /** The script's dialect: the server whose answers the fake plays. */
  dialect: ChatCompletionsDialect;
  quirks: ChatCompletionsQuirks;
  /** Models the script adds to those the API serves. */
  scriptModels: readonly FakeLlmModel[] | undefined;
  /** `xml`: the fake plays a text-only model of an OpenAI-compatible server, not a model of OpenAI's. */
  toolFormat: ChatCompletionsToolFormat;
  /** What the script answered before, oldest first, so a rule can check what comes back of it. */
  answers: readonly ChatCompletionsAnswer[];
}

/** A rule whose breach the fake refuses with the API's 4xx; the request takes no step. */
export type ChatCompletionsRefusalRule = FakeLlmRule<ChatCompletionsRuleContext> & { outcome: 'refuses' };

/** A rule whose breaches the fake reports as violations of their own type, and still answers. */
export interface ChatCompletionsReportRule extends FakeLlmRuleDescription {
  outcome: 'reports';
  violationType: Extract<
    FakeLlmViolationType,
    'missing-tool-result' | 'unexpected-tool-result' | 'reasoning-not-echoed'
  >;
  /** One sentence per breach in the request; none when the request keeps the rule. */
  report(context: ChatCompletionsRuleContext): string[];
}

/** One row of chat completions' rule table. */
export type ChatCompletionsRule = ChatCompletionsRefusalRule | ChatCompletionsReportRule;
