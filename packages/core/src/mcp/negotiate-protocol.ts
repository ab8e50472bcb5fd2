import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  type VersionNegotiationMode,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import { isStdioServerConfig, type McpProtocol, type McpServerConfig } from './mcp-server-config.js';

/** How long a stdio server in `auto` has to answer `server/discover` before it is taken for a 2025-11-25 one. */
const stdioProbeTimeoutMs = 5_000;

/** The SDK's negotiation mode for a config's `protocol`. */
export function negotiationMode(protocol: McpProtocol): VersionNegotiationMode {
  switch (protocol) {
    case 'auto':
      return 'auto';
    case '2025-11-25':
      return 'legacy';
    case '2026-07-28':
      return { pin: protocol };
    default: {
      const unexpected: never = protocol;
      throw new TypeError(`Unknown MCP protocol '${String(unexpected)}'.`);
    }
  }
}

/**
 * The SDK's negotiation options for one connect. A stdio server that answers nothing to the question is an older
 * one (an SDK server answers a method it does not know at once): spoken to in 2025-11-25 after a short wait, rather
 * than the whole request timeout.
 */
export function versionNegotiation({
  mode,
  config,
  requestTimeoutMs,
}: {
  mode: VersionNegotiationMode;
  config: McpServerConfig;
  requestTimeoutMs: number;
}): VersionNegotiationOptions {
  return mode === 'auto' && isStdioServerConfig(config)
    ? { mode, probe: { timeoutMs: Math.min(stdioProbeTimeoutMs, requestTimeoutMs) } }
    : { mode };
}

/**
 * A stdio server asked `server/discover` in place that closed the connection (its process ended) or answered
 * with something unusable: the SDK's verdict. Or one that closed it during `initialize`: a server slow to start
 * (an `npx`, a container) is taken for an older one after the 5 s the question waits, and `initialize` follows on
 * the same pipe; if the server then reads the question first and ends, that is the close.
 */
export function isEndedOnDiscover(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    (error.code === SdkErrorCode.EraNegotiationFailed || error.code === SdkErrorCode.ConnectionClosed)
  );
}

/** A server's refusal of the revision it was spoken to in (`-32022`), which names those it speaks. */
export function isUnsupportedProtocolVersion(error: unknown): error is ProtocolError {
  return (
    error instanceof ProtocolError && error.code === (ProtocolErrorCode.UnsupportedProtocolVersion as number)
  );
}

/**
 * Why a server pinned to a revision cannot be spoken to in it: it did not offer 2026-07-28 when asked, or it
 * refused 2025-11-25 (`-32022`, with the revisions it speaks).
 */
export function explainUnspoken(error: unknown, protocol: McpProtocol): string | undefined {
  if (protocol === 'auto') return undefined;
  const advice = `Set protocol to 'auto' to speak the revision it offers.`;
  // Only the verdict that the server answered without offering it: an outage or a crash says what it is.
  if (error instanceof SdkError && error.message.includes('did not offer pinned protocol version')) {
    return `it does not speak protocol ${protocol}, which its config pins (protocol). ${advice}`;
  }
  if (isUnsupportedProtocolVersion(error)) {
    const supported = (error.data as { supported?: unknown } | undefined)?.supported;
    const speaks = Array.isArray(supported) ? `; it speaks ${supported.map(String).join(', ')}` : '';
    return `it does not speak protocol ${protocol}, which its config pins (protocol)${speaks}. ${advice}`;
  }
  return undefined;
}
