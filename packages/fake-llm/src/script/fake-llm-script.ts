import type { FakeLlmModel } from '../models/fake-llm-model.js';
import type { ChatCompletionsDialect, ChatCompletionsQuirks } from '../openai/chat-completions-dialect.js';
import type { LlmStep } from './llm-step.js';

/** How tool calls reach a chat completions client: as native `tool_calls`, or as XML blocks in the text. */
export type ChatCompletionsToolFormat = 'native' | 'xml';

/** A named list of steps, one per request. The name appears in every error and violation it causes. */
export interface FakeLlmScript {
  /** The script's name; defaults to its id. */
  name?: string;
  steps: LlmStep[];
  /** Where relative `replay` paths start (default: the current directory). */
  baseDirectory?: string;
  /** Chat completions only: which server's quirks to copy (default `openai`). */
  dialect?: ChatCompletionsDialect;
  /** Chat completions only: quirks that override the dialect's, one by one. */
  quirks?: Partial<ChatCompletionsQuirks>;
  /**
   * Chat completions only: `native` (default) sends `tool_calls`; `xml` writes each tool call into the content as
   * `<tool:NAME><param:P>value</param:P></tool:NAME>` after the step's text, for a text-only model.
   */
  toolFormat?: ChatCompletionsToolFormat;
  /**
   * Models the script's requests may name besides those the API serves (the fake answers any other model with
   * the API's 404): a fine-tuned model, a proxy's own name, a model a test makes up.
   */
  models?: FakeLlmModel[];
}

/** A script as callers may write it: the full object, or just its steps. */
export type FakeLlmScriptInput = FakeLlmScript | LlmStep[];

/** Turns a list of steps into a script object; a script object is returned as it is. */
export function toFakeLlmScript(input: FakeLlmScriptInput): FakeLlmScript {
  return Array.isArray(input) ? { steps: input } : input;
}
