/**
 * One request the fake LLM received and answered from a script, as JSON, with its auth headers (`x-api-key`,
 * `authorization`, `x-goog-api-key`) removed. A request the fake refused is not recorded here (it is an `invalid-request`
 * violation), so `requests[i]` of a script was answered by its step `i`.
 */
export interface RecordedRequest {
  /** The script that answered it (`default` when the request named none). */
  scriptId: string;
  /** Zero-based position among the requests to that script; step `index` answered it. */
  index: number;
  method: string;
  /** The path the request was sent to, such as `/v1/messages` or `/script/a/v1/messages` (no query). */
  path: string;
  /** Header names in lower case; empty once the request is `summarized`. */
  headers: Record<string, string>;
  /** The parsed JSON body; `undefined` once the request is `summarized`. */
  body: unknown;
  /** The size of the body in bytes, kept when the body itself is dropped. */
  bodyBytes: number;
  /** Whether the request asked for a streaming answer (`stream: true`, or Gemini's `:streamGenerateContent`). */
  stream: boolean;
  /**
   * True once the body and headers were dropped to keep the records within `maxRetainedRequestBytes` (the oldest
   * requests go first).
   */
  summarized: boolean;
}
