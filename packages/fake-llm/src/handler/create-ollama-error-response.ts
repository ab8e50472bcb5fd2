import type { ErrorResponseOptions } from './create-error-response.js';

/**
 * An HTTP error in the shape of Ollama's native API, `{ "error": "<message>" }`: the `ollama` client reads that
 * string as its error's message (another shape it shows as `[object Object]`). `retry: false` adds
 * `x-should-retry: false`, as on the other wires.
 */
export function createOllamaErrorResponse(options: ErrorResponseOptions): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (options.retry === false) headers.set('x-should-retry', 'false');
  return new Response(JSON.stringify({ error: options.message }), { status: options.status, headers });
}
