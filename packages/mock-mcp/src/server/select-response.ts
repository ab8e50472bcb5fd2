import type { JsonRecord } from '../spec/json-object-schema.js';
import { matchesPartially } from './matches-partially.js';

/** The response chosen for a request and its index in its `responses`. */
export interface SelectedResponse<Response> {
  index: number;
  response: Response;
}

/**
 * Picks the first response that is not used up (`times`) and whose `match` fits the arguments (or that has no
 * `match`), and counts the use in `uses` (one counter per response, kept by the caller).
 */
export function selectResponse<
  Response extends { match?: JsonRecord | undefined; times?: number | undefined },
>(options: {
  responses: readonly Response[];
  uses: number[];
  arguments: JsonRecord;
}): SelectedResponse<Response> | undefined {
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
