/**
 * Streams one request's answer, `open` giving the parts. The request gets a signal of its own, aborted with the
 * caller's and when the consumer stops reading before the end, so its connection is ended rather than left open
 * on the server (the AWS SDK over HTTP/2 and `@google/genai` do not cancel a response stream only left unread);
 * what an SDK hangs on that signal (the OpenAI SDK and `@google/genai` add an abort listener per request) goes
 * with it, instead of piling up on the turn's signal over a long turn. An abort surfaces as the caller's reason,
 * never hidden in a `ModelError`; any other failure goes through `mapError`.
 */
export async function* streamRequest<Part>(options: {
  signal: AbortSignal;
  open: (requestSignal: AbortSignal) => AsyncIterable<Part>;
  mapError: (error: unknown) => Error;
}): AsyncGenerator<Part> {
  const { signal } = options;
  const unread = new AbortController();
  let drained = false;
  try {
    yield* options.open(AbortSignal.any([signal, unread.signal]));
    drained = true;
  } catch (error) {
    signal.throwIfAborted();
    throw options.mapError(error);
  } finally {
    if (!drained) unread.abort(new Error('The stream was left unread.'));
  }
}
