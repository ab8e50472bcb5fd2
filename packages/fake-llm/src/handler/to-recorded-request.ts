import type { RecordedRequest } from '../records/recorded-request.js';

const secretHeaders = new Set(['x-api-key', 'authorization']);

/** Records a request as JSON data, without its auth headers. */
export function toRecordedRequest(options: {
  request: Request;
  bodyText: string;
  scenarioId: string;
  index: number;
}): RecordedRequest {
  const { request, bodyText } = options;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    if (!secretHeaders.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  let body: unknown = bodyText;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Kept as text: the request is reported as invalid.
  }
  return {
    scenarioId: options.scenarioId,
    index: options.index,
    method: request.method,
    path: new URL(request.url).pathname,
    headers,
    body,
    stream: typeof body === 'object' && body !== null && 'stream' in body && body.stream === true,
  };
}
