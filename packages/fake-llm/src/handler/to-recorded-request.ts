import type { RecordedRequest } from '../records/recorded-request.js';

const secretHeaders = new Set(['x-api-key', 'authorization', 'x-goog-api-key']);

/** Records a request as JSON data, without its auth headers (its path without the query, so no `?key=`). */
export function toRecordedRequest(options: {
  request: Request;
  json: unknown;
  bodyBytes: number;
  scenarioId: string;
  index: number;
}): RecordedRequest {
  const { request, json } = options;
  const path = new URL(request.url).pathname;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    if (!secretHeaders.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  return {
    scenarioId: options.scenarioId,
    index: options.index,
    method: request.method,
    path,
    headers,
    body: json,
    bodyBytes: options.bodyBytes,
    stream:
      (typeof json === 'object' && json !== null && 'stream' in json && json.stream === true) ||
      path.endsWith(':streamGenerateContent'),
    summarized: false,
  };
}
