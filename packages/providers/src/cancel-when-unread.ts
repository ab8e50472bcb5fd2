/**
 * A request's abort signal: the caller's, and also aborted when the response's consumer stops reading before the
 * end (`cancel`), so that the request's connection is ended rather than left open on the server. Some SDKs do
 * not cancel a response stream that is only left unread (the AWS SDK over HTTP/2, `@google/genai`).
 */
export function cancelWhenUnread(caller: AbortSignal): { signal: AbortSignal; cancel: () => void } {
  const unread = new AbortController();
  return {
    signal: AbortSignal.any([caller, unread.signal]),
    cancel: () => {
      unread.abort(new Error('The stream was left unread.'));
    },
  };
}
