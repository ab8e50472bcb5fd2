import { messagesRules } from '../anthropic/messages-rules.js';
import { chatCompletionsRules } from '../openai/chat-completions-rules.js';
import { ollamaChatRules } from '../ollama/ollama-chat-rules.js';
import { responsesRules } from '../responses/responses-rules.js';
import { geminiRules } from '../gemini/gemini-rules.js';
import { bedrockRules } from '../bedrock/bedrock-rules.js';
import type { FakeLlmRuleDescription } from './fake-llm-rule.js';

/**
 * Every rule the fake LLM holds requests to, with its id (what `strictness.relax` takes), its wire, whether it
 * refuses or reports, and its source.
 */
export function listFakeLlmRules(): FakeLlmRuleDescription[] {
  return [
    ...messagesRules,
    ...chatCompletionsRules,
    ...responsesRules,
    ...geminiRules,
    ...bedrockRules,
    ...ollamaChatRules,
  ].map(({ id, wire, outcome, summary, source, dialects }) => ({
    id,
    wire,
    outcome,
    summary,
    source,
    ...(dialects === undefined ? {} : { dialects }),
  }));
}
