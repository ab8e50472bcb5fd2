/** What reading a request body came to. */
export type ReadRequestBodyResult =
  | { type: 'read'; text: string; bytes: number }
  /** Longer than the cap, by its content-length or by what arrived; reading stopped there. */
  | { type: 'too-large' }
  /** The client went away, the body failed, or the fake closed, before the body ended. */
  | { type: 'failed' };

/**
 * Reads a request body as UTF-8 text, up to `maxBytes`: a body whose content-length says it is longer is not read
 * at all, and reading stops as soon as more arrives than that (the body is cancelled). Ends early when `signal`
 * aborts, so a client that never finishes its body cannot keep the fake busy after it closes.
 */
export async function readRequestBody(options: {
  request: Request;
  maxBytes: number;
  signal: AbortSignal;
}): Promise<ReadRequestBodyResult> {
  const { request, maxBytes, signal } = options;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { type: 'too-large' };
  }
  if (request.body === null) return { type: 'read', text: '', bytes: 0 };
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const stop = () => {
    reader.cancel().catch(() => undefined);
  };
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { type: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    return { type: 'failed' };
  } finally {
    signal.removeEventListener('abort', stop);
  }
  // A cancelled read ends as if the body were complete: the abort says it was not.
  if (signal.aborted) return { type: 'failed' };
  return { type: 'read', text: Buffer.concat(chunks).toString('utf8'), bytes };
}
