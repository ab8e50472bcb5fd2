/**
 * What Messages API threads saved in request bytes: over the requests with a `thread` the fake answered, the
 * bytes their bodies had, and the bytes the same requests would have had without a thread (the whole
 * conversation, `system` and `tools`, no `thread` field, as compact JSON).
 */
export interface ThreadBytes {
  /** Requests with a `thread` (`create` or `continue`) that the fake answered. */
  requests: number;
  /** Of those, the `continue` requests. */
  continued: number;
  /** The bytes of their bodies, as sent. */
  bytesSent: number;
  /** The bytes a full replay of each would have been. */
  fullReplayBytes: number;
  /** `fullReplayBytes - bytesSent` (a `create` costs the few bytes of its `thread` field). */
  bytesSaved: number;
}
