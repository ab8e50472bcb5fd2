import type { ErrorResponseOptions } from '../handler/create-error-response.js';

/** The canonical status Google's APIs give each HTTP status (google.rpc.Code). */
const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * An HTTP error in Google's shape, `{ error: { code, message, status } }`: `status` is the canonical name of the
 * HTTP status (`INVALID_ARGUMENT`, `RESOURCE_EXHAUSTED`, …) unless the step's `type` names one. `retryAfter`
 * (seconds) becomes `retry-after`, and `retry: false` adds `x-should-retry: false`, as on the other wires.
 */
export function createGeminiErrorResponse(options: ErrorResponseOptions): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=UTF-8' });
  if (options.retryAfter !== undefined) headers.set('retry-after', String(options.retryAfter));
  if (options.retry === false) headers.set('x-should-retry', 'false');
  const status =
    options.type ?? statusNames[options.status] ?? (options.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  const body = { error: { code: options.status, message: options.message, status } };
  return new Response(JSON.stringify(body), { status: options.status, headers });
}
