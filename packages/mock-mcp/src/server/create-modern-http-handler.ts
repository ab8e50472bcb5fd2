import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { createMcpHandler, InMemoryServerEventBus, type McpHttpHandler } from '@modelcontextprotocol/server';
import { createModernSessionServer } from './create-modern-session-server.js';
import type { MockServerState, MockSession } from './mock-server-state.js';

/**
 * The 2026-07-28 side of a mock's HTTP endpoint: each request is answered by a server of its own (the
 * revision keeps no session), and list changes and resource updates reach the clients that hold a
 * `subscriptions/listen` stream open. Requests of 2025-11-25 are refused here (`legacy: 'reject'`); the
 * endpoint routes them to its sessions before they get here, unless the spec serves 2026-07-28 only.
 * `session` is registered in `state.sessions` until `close`.
 */
export function createModernHttpHandler(options: {
  state: MockServerState;
  validator: jsonSchemaValidator;
  crash: () => Promise<void>;
  /** Whether a client holds a `subscriptions/listen` stream open for tool list changes. */
  isListening: () => boolean;
}): { handler: McpHttpHandler; close: () => Promise<void> } {
  const { state, validator, crash, isListening } = options;
  const bus = new InMemoryServerEventBus();
  const session: MockSession = {
    subscriptions: new Set(),
    logLevel: undefined,
    peer: {
      protocol: '2026-07-28',
      isListening,
      sendToolListChanged: () => {
        handler.notify.toolsChanged();
        return Promise.resolve();
      },
      sendResourceUpdated: (uri) => {
        handler.notify.resourceUpdated(uri);
        return Promise.resolve();
      },
      close: () => close(),
    },
  };
  const handler = createMcpHandler(() => createModernSessionServer({ state, session, validator, crash }), {
    legacy: 'reject',
    bus,
  });
  state.sessions.add(session);
  const close = async () => {
    state.sessions.delete(session);
    await handler.close();
  };
  return { handler, close };
}
