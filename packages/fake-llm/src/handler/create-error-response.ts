import {
  createAnthropicErrorBody,
  mapStatusToAnthropicErrorType,
} from '../anthropic/create-anthropic-error-body.js';

/** What an error answer says, whichever wire shapes it. */
export interface ErrorResponseOptions {
  status: number;
  type?: string;
  message: string;
  /** Seconds, sent as `retry-after`. */
  retryAfter?: number;
  /** `false` adds `x-should-retry: false`, which the SDKs obey. */
  retry?: boolean;
  requestId: string;
  /** Anthropic only: `error.details`, such as `{ error_code: 'thread_not_found' }`. */
  details?: Record<string, unknown>;
  /** OpenAI only: `error.param`, the request field at fault. */
  param?: string;
  /** OpenAI only: `error.code`, in place of the one the status suggests. */
  code?: string | null;
}

/** Makes an error answer in one wire's shape. */
export type CreateErrorResponse = (options: ErrorResponseOptions) => Response;

/**
 * An HTTP error in Anthropic's shape. `retryAfter` (seconds) becomes the `retry-after` header; `retry: false`
 * adds `x-should-retry: false`, which the SDKs obey, so a fault of the script or the client is not retried.
 */
export function createErrorResponse(options: ErrorResponseOptions): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'request-id': options.requestId });
  if (options.retryAfter !== undefined) headers.set('retry-after', String(options.retryAfter));
  if (options.retry === false) headers.set('x-should-retry', 'false');
  const body = createAnthropicErrorBody({
    type: options.type ?? mapStatusToAnthropicErrorType(options.status),
    message: options.message,
    details: options.details,
  });
  return new Response(JSON.stringify(body), { status: options.status, headers });
}
