import type { LlmStep } from './llm-step.js';

/** A named list of steps, one per request. The name appears in every error and violation it causes. */
export interface FakeLlmScript {
  /** The scenario's name; defaults to the script's id. */
  name?: string;
  steps: LlmStep[];
  /** Where relative `replay` paths start (default: the current directory). */
  baseDirectory?: string;
}

/** A script as callers may write it: the full object, or just its steps. */
export type FakeLlmScriptInput = FakeLlmScript | LlmStep[];

/** Turns a list of steps into a script object; a script object is returned as it is. */
export function toFakeLlmScript(input: FakeLlmScriptInput): FakeLlmScript {
  return Array.isArray(input) ? { steps: input } : input;
}
