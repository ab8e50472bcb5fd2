import type { ChatCompletionsDialect } from '../openai/chat-completions-dialect.js';

/**
 * The APIs a rule belongs to: the Messages API, chat completions, the Responses API, Gemini's generateContent,
 * Bedrock's Converse API, Ollama's native API.
 */
export type FakeLlmRuleWire = 'messages' | 'chat-completions' | 'responses' | 'gemini' | 'bedrock' | 'ollama';

/** What one rule of the fake LLM holds clients to, and where that rule comes from. */
export interface FakeLlmRuleDescription {
  /** How `strictness.relax` names the rule: `<wire>/<what it checks>`. */
  id: string;
  wire: FakeLlmRuleWire;
  /** `refuses`: the API's 4xx, no step taken; `reports`: a violation, and the request is still answered. */
  outcome: 'refuses' | 'reports';
  /** What the rule does not let through, in one sentence. */
  summary: string;
  /**
   * Where the rule comes from: the API definition it was derived from, the documentation page, or the answers of
   * the real API quoted in public issue threads.
   */
  source: string;
  /** Chat completions: the dialects whose servers have the rule; every dialect when absent. */
  dialects?: readonly ChatCompletionsDialect[];
}

/** The API's answer to a request a rule does not let through. */
export interface RuleRefusal {
  status: number;
  /** The error type, when not the one the status stands for. */
  type?: string;
  /** The API's message, naming the field at fault where the API names one. */
  message: string;
  /** Chat completions: the field at fault (`error.param`). */
  param?: string;
  /** Chat completions: `error.code`, in place of the one the status suggests. */
  code?: string | null;
}

/** A rule and its check, for a wire whose requests are read into `Context`. */
export interface FakeLlmRule<Context> extends FakeLlmRuleDescription {
  /** The API's refusal of the request, or `undefined` when the rule lets it through. */
  check(context: Context): RuleRefusal | undefined;
}
