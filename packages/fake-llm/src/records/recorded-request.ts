/** One request the fake LLM received, as JSON, with its auth headers (`x-api-key`, `authorization`) removed. */
export interface RecordedRequest {
  /** The script that answered it (`default` when the request named none). */
  scenarioId: string;
  /** Zero-based position among the requests to that script; step `index` answered it. */
  index: number;
  method: string;
  /** The path the request was sent to, such as `/v1/messages` or `/scenario/a/v1/messages`. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** Whether the body asked for a streaming answer (`stream: true`). */
  stream: boolean;
}
