import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { MissingRequiredClientCapabilityError } from '@modelcontextprotocol/server';
import { errorResult } from './error-result.js';
import type { MockProtocolRevision } from './mock-server-state.js';

/**
 * A call that needs a capability the client did not declare. In 2026-07-28 the server must not go on without it:
 * a JSON-RPC error -32021 listing `requiredCapabilities` (HTTP 400). In 2025-11-25, an isError result that says
 * what is missing, as before.
 */
export function refuseMissingCapability(options: {
  protocol: MockProtocolRevision;
  required: ClientCapabilities;
  message: string;
}): CallToolResult {
  throwIfRequired(options);
  return errorResult(options.message);
}

/** In 2026-07-28, the error -32021 for a request that needs capabilities the client did not declare. */
export function throwIfRequired(options: {
  protocol: MockProtocolRevision;
  required: ClientCapabilities;
  message: string;
}): void {
  if (options.protocol !== '2026-07-28') return;
  throw new MissingRequiredClientCapabilityError(
    { requiredCapabilities: options.required as never },
    options.message,
  );
}
