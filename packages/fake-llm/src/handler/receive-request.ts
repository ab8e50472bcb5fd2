import { toIdSafe } from '../internal/to-id-safe.js';
import type { FakeLlmRouteState } from '../route/fake-llm-route.js';
import type { CreateErrorResponse } from './create-error-response.js';
import { defaultScenarioId, type FakeLlmState } from './fake-llm-state.js';
import { resolveScenarioId } from './resolve-scenario-id.js';
import { toRecordedRequest } from './to-recorded-request.js';

/** A request routed to its script and recorded there. */
export interface ReceivedRequest {
  route: FakeLlmRouteState;
  /** Zero-based position among the requests to the route; step `requestIndex` answers it. */
  requestIndex: number;
  requestId: string;
  bodyText: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  json: unknown;
}

/**
 * Routes a request to its script (by `/scenario/<id>` path, `x-toolloop-scenario` header, else `default`) and
 * records it there, for either wire. A request for a script the fake does not have gets a 500 the SDKs do not
 * retry, and an `unknown-script` violation.
 */
export async function receiveRequest(options: {
  request: Request;
  state: FakeLlmState;
  createError: CreateErrorResponse;
}): Promise<{ success: true; value: ReceivedRequest } | { success: false; response: Response }> {
  const { request, state } = options;
  const scenarioId = resolveScenarioId(request) ?? defaultScenarioId;
  const bodyText = await request.text();
  const route = state.routes.get(scenarioId);
  if (route === undefined) {
    const known = [...state.routes.keys()].map((id) => `'${id}'`).join(', ') || 'none';
    const message =
      `Fake LLM has no script '${scenarioId}' (it has: ${known}). Register one with fake.script(id, steps), ` +
      `or route the request with the 'x-toolloop-scenario' header or a '/scenario/<id>' base URL.`;
    state.records.violations.push({ type: 'unknown-script', scenarioId, requestIndex: -1, message });
    const response = options.createError({
      status: 500,
      message,
      retry: false,
      requestId: 'req_fake_unknown',
    });
    return { success: false, response };
  }
  const requestIndex = route.requests.length;
  const requestId = `req_fake_${toIdSafe(route.id)}_${requestIndex + 1}`;
  route.addRequest(toRecordedRequest({ request, bodyText, scenarioId, index: requestIndex }));
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  return { success: true, value: { route, requestIndex, requestId, bodyText, json } };
}
