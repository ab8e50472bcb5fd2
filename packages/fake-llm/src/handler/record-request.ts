import { toIdSafe } from '../internal/to-id-safe.js';
import type { FakeLlmScriptState } from '../script/fake-llm-script-handle.js';
import type { ArrivedRequest } from './receive-request.js';
import { toRecordedRequest } from './to-recorded-request.js';

/** A request recorded on its script, with the step that answers it. */
export interface ReceivedRequest {
  route: FakeLlmScriptState;
  /** Zero-based position among the requests to the route; step `requestIndex` answers it. */
  requestIndex: number;
  requestId: string;
  bodyText: string;
  /** The body parsed as JSON. */
  json: unknown;
}

/** How a violation names the request: its script and its number, `Fake LLM script 'refund', request 2`. */
export function nameScriptRequest({
  route,
  requestIndex,
}: Pick<ReceivedRequest, 'route' | 'requestIndex'>): string {
  return `Fake LLM script '${route.name}', request ${requestIndex + 1}`;
}

/**
 * Records a request the fake will answer from its script: it takes the script's next step. Only requests that
 * passed every check get here, so a refused one never uses up a step.
 */
export function recordRequest(options: { request: Request; arrived: ArrivedRequest }): ReceivedRequest {
  const { request, arrived } = options;
  const { route } = arrived;
  const requestIndex = route.requests.length;
  route.addRequest(
    toRecordedRequest({
      request,
      json: arrived.json,
      bodyBytes: arrived.bodyBytes,
      scriptId: route.id,
      index: requestIndex,
    }),
  );
  return {
    route,
    requestIndex,
    requestId: `req_fake_${toIdSafe(route.id)}_${requestIndex + 1}`,
    bodyText: arrived.bodyText,
    json: arrived.json,
  };
}
