import type { ErrorResponseOptions } from '../handler/create-error-response.js';

const errorsByStatus: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
  500: { type: 'server_error', code: null },
  503: { type: 'server_error', code: 'service_unavailable' },
};

/**
 * An HTTP error in OpenAI's shape, `{ error: { message, type, code, param } }`; the step's `type` replaces the
 * type the status suggests. Headers as for Anthropic: `retry-after` (seconds) when set, and
 * `x-should-retry: false` for faults that retrying cannot fix (the OpenAI SDK obeys it).
 */
export function createOpenAiErrorResponse(options: ErrorResponseOptions): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'x-request-id': options.requestId });
  if (options.retryAfter !== undefined) headers.set('retry-after', String(options.retryAfter));
  if (options.retry === false) headers.set('x-should-retry', 'false');
  const known = errorsByStatus[options.status] ?? {
    type: options.status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  };
  const body = {
    error: {
      message: options.message,
      type: options.type ?? known.type,
      code: options.code === undefined ? known.code : options.code,
      param: options.param ?? null,
    },
  };
  return new Response(JSON.stringify(body), { status: options.status, headers });
}
