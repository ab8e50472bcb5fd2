import type { RecordedRequest } from '../records/recorded-request.js';

/** Headers that carry credentials: API keys, the SigV4 signature, an AWS session token. */
const secretHeaders = new Set(['x-api-key', 'authorization', 'x-goog-api-key', 'x-amz-security-token']);

/** Records a request as JSON data, without its auth headers (its path without the query, so no `?key=`). */
export function toRecordedRequest(options: {
  request: Request;
  json: unknown;
  bodyBytes: number;
  scriptId: string;
  index: number;
}): RecordedRequest {
  const { request, json } = options;
  const path = new URL(request.url).pathname;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    if (!secretHeaders.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  return {
    scriptId: options.scriptId,
    index: options.index,
    method: request.method,
    path,
    headers,
    body: json,
    bodyBytes: options.bodyBytes,
    // Bedrock streams by path (`converse-stream`), Gemini by method (`:streamGenerateContent`), the others by
    // `"stream": true`.
    stream:
      /\/converse-stream\/?$/u.test(path) ||
      path.endsWith(':streamGenerateContent') ||
      (typeof json === 'object' && json !== null && 'stream' in json && json.stream === true),
    summarized: false,
  };
}
