import type { ResponseStore } from './response-store.js';
import type { ResponsesRequestBody } from './responses-request-body.js';

/**
 * The conversation a request stands for: the kept conversation of its `previous_response_id` (`undefined` when
 * the fake keeps no such response), then its input, each `item_reference` to a kept item replaced by that item.
 * Items the fake keeps (by reference, or sent again by an id it keeps) are marked `kept: true`, as the API can
 * read them by id.
 */
export function resolveResponsesConversation(options: {
  request: ResponsesRequestBody;
  store: ResponseStore;
}): Record<string, unknown>[] | undefined {
  const { request, store } = options;
  const previous =
    request.previousResponseId === undefined ? [] : store.conversations.get(request.previousResponseId);
  if (previous === undefined) return undefined;
  const input = request.input.map((item) => {
    const kept = typeof item.id === 'string' ? store.items.get(item.id) : undefined;
    if (kept === undefined) return item;
    return item.type === 'item_reference' ? { ...kept, kept: true } : { ...item, kept: true };
  });
  return [...previous.map((item) => ({ ...item, kept: true })), ...input];
}
