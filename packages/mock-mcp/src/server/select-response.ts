import type { JsonObject } from '../spec/json-object-schema.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import { matchesPartially } from './matches-partially.js';

/** The response chosen for a call and its index in the tool's `responses`. */
export interface SelectedResponse {
  index: number;
  response: MockResponse;
}

/**
 * Picks the first response that is not used up (`times`) and whose `match` fits the arguments (or that has no
 * `match`), and counts the use in `uses` (one counter per response, kept by the caller).
 */
export function selectResponse(options: {
  responses: readonly MockResponse[];
  uses: number[];
  arguments: JsonObject;
}): SelectedResponse | undefined {
  const { responses, uses } = options;
  for (const [index, response] of responses.entries()) {
    const used = uses[index] ?? 0;
    if (response.times !== undefined && used >= response.times) continue;
    if (
      response.match !== undefined &&
      !matchesPartially({ pattern: response.match, actual: options.arguments })
    ) {
      continue;
    }
    uses[index] = used + 1;
    return { index, response };
  }
  return undefined;
}
