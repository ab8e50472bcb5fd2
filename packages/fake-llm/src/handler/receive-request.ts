import { describeJsonError } from '../internal/describe-json-error.js';
import { findTooDeep, maxRequestDepth } from './find-too-deep.js';
import { shortenForMessage } from '../internal/shorten-for-message.js';
import type { FakeLlmScriptState } from '../script/fake-llm-script-handle.js';
import type { CreateErrorResponse } from './create-error-response.js';
import { defaultScriptId, requestSignal, type FakeLlmState } from './fake-llm-state.js';
import type { FakeLlmEndpoint } from './find-endpoint.js';
import { isJsonContentType } from './is-json-content-type.js';
import type { Refusal } from './describe-refusal.js';
import { readRequestBody } from './read-request-body.js';
import { refuseRequest } from './refuse-request.js';
import { resolveScriptId } from './resolve-script-id.js';

/** A request routed to its script with its body read as JSON; nothing is recorded yet. */
export interface ArrivedRequest {
  route: FakeLlmScriptState;
  bodyText: string;
  bodyBytes: number;
  /** The body parsed as JSON. */
  json: unknown;
}

/**
 * Routes a request to its script (by `/script/<id>` path, `x-toolloop-script` header, else `default`) and
 * reads its body as JSON, for either wire. A request for a script the fake does not have gets a 500 the SDKs do
 * not retry, and an `unknown-script` violation; one that is not JSON of at most `maxRequestBytes`, or whose
 * objects and arrays nest past `maxRequestDepth`, is refused (see `refuseRequest`). Neither takes a step.
 */
export async function receiveRequest(options: {
  request: Request;
  state: FakeLlmState;
  endpoint: FakeLlmEndpoint;
  createError: CreateErrorResponse;
}): Promise<{ success: true; value: ArrivedRequest } | { success: false; response: Response }> {
  const { request, state, endpoint } = options;
  const scriptId =
    resolveScriptId({ path: new URL(request.url).pathname, headers: request.headers }) ?? defaultScriptId;
  const route = state.routes.get(scriptId);
  if (route === undefined) {
    const known = [...state.routes.keys()].map((id) => `'${id}'`).join(', ') || 'none';
    const message =
      `Fake LLM has no script '${shortenForMessage(scriptId)}' (it has: ${known}). Register one with ` +
      `fake.script(id, steps), or route the request with the 'x-toolloop-script' header or a '/script/<id>' base URL.`;
    state.records.violations.push({
      type: 'unknown-script',
      scriptId: shortenForMessage(scriptId),
      requestIndex: -1,
      message,
    });
    const response = options.createError({
      status: 500,
      message,
      retry: false,
      requestId: 'req_fake_unknown',
    });
    return { success: false, response };
  }
  const refuse = (refusal: Refusal) => ({
    success: false as const,
    response: refuseRequest({ state, scriptId, refusal }),
  });
  const contentType = request.headers.get('content-type');
  // Ollama reads the body as JSON whatever its content-type (gin's ShouldBindJSON), and clients send none.
  if (endpoint !== 'ollama' && !isJsonContentType(contentType))
    return refuse({ type: 'content-type', endpoint, contentType });
  const body = await readRequestBody({
    request,
    maxBytes: state.maxRequestBytes,
    signal: requestSignal(request, state),
  });
  if (body.type === 'too-large')
    return refuse({ type: 'too-large', endpoint, maxBytes: state.maxRequestBytes });
  if (body.type === 'failed') return { success: false, response: Response.error() };
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch (error) {
    return refuse({ type: 'invalid-json', endpoint, where: describeJsonError(error) });
  }
  // Before any check walks it: they recurse, and a body nested thousands deep would end them with a RangeError.
  const tooDeep = findTooDeep(json, maxRequestDepth);
  if (tooDeep !== undefined)
    return refuse({ type: 'too-deep', endpoint, maxDepth: maxRequestDepth, path: tooDeep });
  return { success: true, value: { route, bodyText: body.text, bodyBytes: body.bytes, json } };
}
