/**
 * A request's own abort signal: aborted with the caller's, and when the response's consumer stops reading before
 * the end (`cancel`), so that the request's connection is ended rather than left open on the server (the AWS SDK
 * over HTTP/2 and `@google/genai` do not cancel a response stream only left unread). What an SDK hangs on it
 * (the OpenAI SDK and `@google/genai` add an abort listener per request) goes with it, instead of piling up on
 * the turn's signal over a long turn.
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
