import type { JsonObject } from '@toolloop/core';

/**
 * One item of a Responses API `input`, as this provider sends it: a user message, the assistant's text, its
 * function calls, their outputs, and reasoning items exactly as the API returned them (opaque JSON).
 */
export type OpenAIResponsesInputItem =
  | { role: 'user'; content: string }
  | {
      type: 'message';
      role: 'assistant';
      content: Array<{ type: 'output_text'; text: string; annotations: [] }>;
    }
  | { type: 'function_call'; id?: string; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string }
  | JsonObject;
