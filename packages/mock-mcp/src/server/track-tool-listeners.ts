import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Whether a message opens a 2026-07-28 `subscriptions/listen` stream that asks for tool list changes
 * (`params.notifications.toolsListChanged`).
 */
export function isToolsListen(message: unknown): message is { id: string | number } {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params, id } = message as { method?: unknown; params?: unknown; id?: unknown };
  if (method !== 'subscriptions/listen' || (typeof id !== 'string' && typeof id !== 'number')) return false;
  const notifications = (params as { notifications?: { toolsListChanged?: unknown } } | undefined)
    ?.notifications;
  return notifications?.toolsListChanged === true;
}

/**
 * The `subscriptions/listen` streams of one connection that hear tool list changes: opened by the client's
 * request, closed by its cancellation or by the server's final answer to it.
 */
export function trackToolListeners(): {
  inbound: (message: JSONRPCMessage) => void;
  outbound: (message: JSONRPCMessage) => void;
  count: () => number;
} {
  const open = new Set<string | number>();
  return {
    inbound: (message) => {
      if (isToolsListen(message)) open.add(message.id);
      if ('method' in message && message.method === 'notifications/cancelled') {
        const requestId = (message.params as { requestId?: string | number } | undefined)?.requestId;
        if (requestId !== undefined) open.delete(requestId);
      }
    },
    outbound: (message) => {
      if ('id' in message && !('method' in message)) open.delete(message.id as string | number);
    },
    count: () => open.size,
  };
}
