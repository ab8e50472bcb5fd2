import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { describeResources, findResource } from './find-resource.js';
import { handleResourceRead, resourceNotFoundCode } from './handle-resource-read.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import type { RegisterMockHandler } from './mock-methods.js';
import { toListedResource, toListedResourceTemplate } from './to-listed-definitions.js';

/**
 * Serves `resources/list`, `resources/templates/list`, `resources/read`, and in 2025-11-25
 * `resources/subscribe` / `unsubscribe` (a session may subscribe to any URI a resource or template serves;
 * a 2026-07-28 client subscribes through `subscriptions/listen` instead).
 */
export function registerResourceHandlers(options: {
  handle: RegisterMockHandler;
  state: MockServerState;
  session: MockSession;
  requestSignal: (signal: AbortSignal) => AbortSignal;
  crash: () => Promise<void>;
}): void {
  const { handle, state, session, requestSignal, crash } = options;
  handle('resources/list', () => ({
    resources: [...state.resources.values()].map((resource) => toListedResource(resource.item)),
  }));
  handle('resources/templates/list', () => ({
    resourceTemplates: state.resourceTemplates.map((template) => toListedResourceTemplate(template.item)),
  }));
  handle('resources/read', (params, extra) =>
    handleResourceRead({ state, uri: params.uri, signal: requestSignal(extra.signal), crash }),
  );
  if (session.peer.protocol !== '2025-11-25') return;
  handle('resources/subscribe', (params) => {
    const { uri } = params;
    if (findResource({ state, uri }) === undefined) {
      throw new JsonRpcReplyError({
        code: resourceNotFoundCode,
        message: `Cannot subscribe to '${uri}': no resource or template serves it. Resources and templates: ${describeResources(state)}.`,
        data: { uri },
      });
    }
    session.subscriptions.add(uri);
    return {};
  });
  handle('resources/unsubscribe', (params) => {
    session.subscriptions.delete(params.uri);
    return {};
  });
}
