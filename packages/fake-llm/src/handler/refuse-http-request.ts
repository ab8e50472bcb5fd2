import type { HttpRefusal } from '../server/start-http-server.js';
import type { Refusal } from './describe-refusal.js';
import type { FakeLlmState } from './fake-llm-state.js';
import { findEndpoint, findOperation } from './find-endpoint.js';
import { findUnknownPathApi } from './find-unknown-path-api.js';
import { refuseRequest } from './refuse-request.js';
import { resolveScriptId } from './resolve-script-id.js';

/**
 * Answers what the HTTP server cannot hand over as a `Request` (a method fetch forbids, such as TRACE or CONNECT;
 * a target or headers that make no `Request`; bytes that are not HTTP), as `refuseRequest` answers the rest.
 */
export function refuseHttpRequest(options: { state: FakeLlmState; refusal: HttpRefusal }): Response {
  const { state, refusal } = options;
  if (refusal.type === 'malformed') {
    return refuseRequest({
      state,
      scriptId: undefined,
      refusal: { type: 'malformed', status: refusal.status },
    });
  }
  const path = toPath(refusal.target);
  const scriptId = path === undefined ? undefined : resolveScriptId({ path });
  return refuseRequest({ state, scriptId, refusal: toRefusal({ ...refusal, path }) });
}

function toRefusal(
  options: HttpRefusal & { type: 'unsupported-method' | 'unreadable'; path: string | undefined },
): Refusal {
  const { method, target, path } = options;
  if (method === 'CONNECT') return { type: 'connect', target };
  if (options.type === 'unreadable' || path === undefined) return { type: 'unreadable', method, target };
  const operation = findOperation(path);
  return operation === undefined
    ? { type: 'unknown-path', method, path, api: findUnknownPathApi({ path }) }
    : { type: 'wrong-method', endpoint: findEndpoint(operation), method, path };
}

/** The path of a request target (`/v1/messages?x=1`, or an absolute URL), or nothing when it is no URL. */
function toPath(target: string): string | undefined {
  try {
    return new URL(target, 'http://127.0.0.1').pathname;
  } catch {
    return undefined;
  }
}
