const errorTypesByStatus: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** The Anthropic error type the real API uses for a status (`api_error` for any other 5xx). */
export function mapStatusToAnthropicErrorType(status: number): string {
  return errorTypesByStatus[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** Anthropic's error JSON: `{ type: 'error', error: { type, message, details? } }`. */
export function createAnthropicErrorBody(options: {
  type: string;
  message: string;
  details?: Record<string, unknown>;
}): { type: 'error'; error: { type: string; message: string; details?: Record<string, unknown> } } {
  const { type, message, details } = options;
  return { type: 'error', error: details === undefined ? { type, message } : { type, message, details } };
}
