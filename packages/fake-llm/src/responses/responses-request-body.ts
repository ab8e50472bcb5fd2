import { isRecord } from '../internal/is-record.js';

/** The fields of a Responses API request the fake reads, the input as a list of items. */
export interface ResponsesRequestBody {
  model: string;
  stream: boolean;
  /** `store: false`: the API keeps nothing of the response, so it cannot be continued by id. */
  store: boolean;
  /** Whether `include` asks for `reasoning.encrypted_content`. */
  includesEncryptedReasoning: boolean;
  previousResponseId: string | undefined;
  /** The input items as sent (a string input becomes one user message). */
  input: Record<string, unknown>[];
  /** The names of the function tools offered. */
  toolNames: string[];
  /** The request echoed in the response object: its instructions, tools, tool choice and the like. */
  echoed: Record<string, unknown>;
}

/**
 * Reads the fields the fake answers from; the definition rule has already held the body to its types. Fails
 * only for a body that is no Responses API request at all (no string `model`).
 */
export function parseResponsesRequestBody(
  json: unknown,
): { success: true; value: ResponsesRequestBody } | { success: false; error: string } {
  if (!isRecord(json)) return { success: false, error: 'the body is not a JSON object' };
  if (typeof json.model !== 'string') return { success: false, error: 'no string "model"' };
  const input =
    typeof json.input === 'string'
      ? [{ type: 'message', role: 'user', content: json.input }]
      : Array.isArray(json.input)
        ? json.input.filter(isRecord)
        : [];
  const tools = Array.isArray(json.tools) ? json.tools.filter(isRecord) : [];
  return {
    success: true,
    value: {
      model: json.model,
      stream: json.stream === true,
      store: json.store !== false,
      includesEncryptedReasoning:
        Array.isArray(json.include) && json.include.includes('reasoning.encrypted_content'),
      previousResponseId:
        typeof json.previous_response_id === 'string' ? json.previous_response_id : undefined,
      input,
      toolNames: tools.flatMap((tool) =>
        tool.type === 'function' && typeof tool.name === 'string' ? [tool.name] : [],
      ),
      echoed: json,
    },
  };
}
