import type { JsonObject } from '../json-value.js';

/**
 * The `_meta` key under which a sampling result's block carries what the client's provider needs to accept the
 * block back (a Gemini thought signature, a Responses API item id): a server sends an assistant's blocks back as
 * they came, so the next sampling request restores it to the part it was on.
 */
export const providerDataMetaKey = 'toolloop/provider-data';

/** `_meta` holding a part's provider data, or nothing when it has none. */
export function toProviderDataMeta(providerData: JsonObject | undefined): {
  _meta?: Record<string, unknown>;
} {
  return providerData === undefined ? {} : { _meta: { [providerDataMetaKey]: providerData } };
}

/** The provider data a block's `_meta` carries back, when it is an object. */
export function fromProviderDataMeta(meta: unknown): { providerData?: JsonObject } {
  if (typeof meta !== 'object' || meta === null) return {};
  const providerData: unknown = (meta as Record<string, unknown>)[providerDataMetaKey];
  return typeof providerData === 'object' && providerData !== null && !Array.isArray(providerData)
    ? { providerData: providerData as JsonObject }
    : {};
}
