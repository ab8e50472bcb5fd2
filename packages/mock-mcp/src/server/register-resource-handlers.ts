import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { describeResources, findResource } from './find-resource.js';
import { handleResourceRead, resourceNotFoundCode } from './handle-resource-read.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import { toListedResource, toListedResourceTemplate } from './to-listed-definitions.js';

/**
 * Serves `resources/list`, `resources/templates/list`, `resources/read`, and `resources/subscribe` /
 * `unsubscribe` (a session may subscribe to any URI a resource or template serves).
 */
export function registerResourceHandlers(options: {
  session: McpServer;
  state: MockServerState;
  sessionState: MockSession;
  requestSignal: (signal: AbortSignal) => AbortSignal;
  crash: () => Promise<void>;
}): void {
  const { session, state, sessionState, requestSignal, crash } = options;
  session.server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [...state.resources.values()].map((resource) => toListedResource(resource.item)),
  }));
  session.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: state.resourceTemplates.map((template) => toListedResourceTemplate(template.item)),
  }));
  session.server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
    handleResourceRead({ state, uri: request.params.uri, signal: requestSignal(extra.signal), crash }),
  );
  session.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    if (findResource({ state, uri }) === undefined) {
      throw new JsonRpcReplyError({
        code: resourceNotFoundCode,
        message: `Cannot subscribe to '${uri}': no resource or template serves it. Resources and templates: ${describeResources(state)}.`,
        data: { uri },
      });
    }
    sessionState.subscriptions.add(uri);
    return {};
  });
  session.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    sessionState.subscriptions.delete(request.params.uri);
    return {};
  });
}
