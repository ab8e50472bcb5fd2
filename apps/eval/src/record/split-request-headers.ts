import type { IncomingHttpHeaders } from 'node:http';

// Headers that carry a secret or sign the request: the proxy puts the route's own on the way out, and never keeps
// them. Gemini's key travels in `x-goog-api-key`; Bedrock's signature in `authorization` and the `x-amz-*` ones.
const credentialHeaders = new Set([
  'authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
  'cookie',
  'proxy-authorization',
  'openai-organization',
  'openai-project',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
]);
const transportHeaders = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'keep-alive']);
// Client noise: what SDK, which attempt. Sent on, never kept.
const isNoise = (name: string) =>
  name === 'user-agent' ||
  name.startsWith('x-stainless-') ||
  name.startsWith('amz-sdk-') ||
  name === 'x-amz-user-agent' ||
  name === 'x-goog-api-client';

/**
 * The agent's request headers as the proxy sends them on (`forwarded`: no credential, no transport header) and as
 * a recording keeps them (`kept`: only those that shape the answer, such as the API version and betas).
 */
export function splitRequestHeaders(headers: IncomingHttpHeaders): {
  forwarded: Record<string, string>;
  kept: Record<string, string>;
} {
  const forwarded: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // HTTP/2's pseudo-headers (`:path`, `:authority`) are the request line's, not headers to send on.
    if (
      value === undefined ||
      name.startsWith(':') ||
      credentialHeaders.has(name) ||
      transportHeaders.has(name)
    )
      continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    forwarded[name] = text;
    if (!isNoise(name) && name !== 'accept' && name !== 'content-type') kept[name] = text;
  }
  return { forwarded, kept };
}

/**
 * A query string without the parameters that carry a key (Gemini's `?key=`): the route's credentials replace
 * them, and a recording never holds them.
 */
export function withoutKeyParameters(search: string): string {
  const parameters = new URLSearchParams(search);
  if (!parameters.has('key')) return search;
  parameters.delete('key');
  const rest = parameters.toString();
  return rest === '' ? '' : `?${rest}`;
}
