import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonRecord } from '../spec/json-object-schema.js';
import type { MockResponse } from '../spec/mock-response-schema.js';

/**
 * The isError result for a call no scripted response answers: it names the tool and the arguments, and says
 * how many responses were used up by `times`, so a failing test explains itself.
 */
export function noMatchingResponseResult(options: {
  toolName: string;
  arguments: JsonRecord;
  responses: readonly MockResponse[];
  uses: readonly number[];
}): CallToolResult {
  const { toolName, responses, uses } = options;
  const usedUp = responses.filter(
    (response, index) => response.times !== undefined && (uses[index] ?? 0) >= response.times,
  ).length;
  const detail = usedUp === 0 ? '' : ` (${usedUp} of its ${responses.length} responses are used up by times)`;
  const text = `No scripted response of tool '${toolName}' matched the arguments ${JSON.stringify(options.arguments)}${detail}.`;
  return { content: [{ type: 'text', text }], isError: true };
}
