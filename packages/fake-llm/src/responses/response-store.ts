/**
 * The responses of one script the fake keeps, as the API keeps those created with `store` on: each response's
 * whole conversation (the items before it, its input, its output) under its id, for `previous_response_id`, and
 * every output item under its own id, for `item_reference`.
 */
export interface ResponseStore {
  readonly conversations: Map<string, readonly Record<string, unknown>[]>;
  readonly items: Map<string, Record<string, unknown>>;
}

/** An empty store. */
export function createResponseStore(): ResponseStore {
  return { conversations: new Map(), items: new Map() };
}
