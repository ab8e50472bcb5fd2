/**
 * The headers of a request a test sends: JSON, `anthropic-version: 2023-06-01` when it is for the Messages API
 * (every Anthropic SDK sends one), a SigV4 `authorization` for Bedrock, and the test's own on top; `null` leaves
 * a header out.
 */
export function createRequestHeaders(options: {
  path: string;
  headers?: Record<string, string | null>;
}): Headers {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (options.path.startsWith('/v1/messages')) headers.set('anthropic-version', '2023-06-01');
  // Bedrock's requests are signed (the fake checks only that they are).
  if (options.path.startsWith('/model/')) {
    headers.set(
      'authorization',
      'AWS4-HMAC-SHA256 Credential=AKIDFAKEEXAMPLE/20260101/us-east-1/bedrock/aws4_request',
    );
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return headers;
}
