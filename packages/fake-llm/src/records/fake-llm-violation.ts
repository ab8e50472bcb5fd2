/** What a client did wrong, as the fake LLM saw it. */
export type FakeLlmViolationType =
  /**
   * A thinking or redacted thinking block the fake sent came back changed or reordered, or did not come back
   * with the current tool-use cycle's assistant message (an earlier turn's may be left out).
   */
  | 'thinking-changed'
  /** A `tool_use` (chat completions: a `tool_calls` id) was not answered in the next user message (by a `tool` message). */
  | 'missing-tool-result'
  /** A `tool_result` (chat completions: a `tool` message) answered no tool call of the assistant message before it. */
  | 'unexpected-tool-result'
  /**
   * Chat completions: the assistant message echoing an answer with thinking and tool calls does not carry that
   * thinking, unchanged, in the dialect's reasoning field (`reasoning_content` or `reasoning`).
   */
  | 'reasoning-not-echoed'
  /** The request offered tools other than the step's `expectTools`. */
  | 'unexpected-tools'
  /** A request arrived after its script had run out (answered with a 500). */
  | 'script-exhausted'
  /** A request named a script the fake does not have (answered with a 500). */
  | 'unknown-script'
  /** The script itself could not be followed, such as a missing `replay` file (answered with a 500). */
  | 'script-error'
  /**
   * The fake refused the request: another path or method, a content-type other than JSON, a body over
   * `maxRequestBytes`, not JSON, one a rule of the fake refuses (`listFakeLlmRules()`; the message names the rule
   * and its source), or a message thread it cannot continue (answered with the real API's 4xx). It took no step.
   */
  | 'invalid-request';

/** One problem found in a request. Violations never stop the fake; tests and the eval runner read them. */
export interface FakeLlmViolation {
  type: FakeLlmViolationType;
  scriptId: string;
  /**
   * Zero-based position of the offending request among the requests to its script; for an `invalid-request`,
   * which takes no step, the position the next request to that script will have (-1 when there is no such script).
   */
  requestIndex: number;
  /** What went wrong and what to look at. */
  message: string;
}
