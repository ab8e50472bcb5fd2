import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { createModernSessionServer } from './create-modern-session-server.js';
import { createSessionServer } from './create-session-server.js';
import { trackToolListeners } from './track-tool-listeners.js';
import type { MockServerState, MockSession } from './mock-server-state.js';

/** One client connection served, in whichever revision its client opened with. */
export interface ServedConnection {
  close: () => Promise<void>;
}

/**
 * Serves one connection (stdio, or an in-memory pair) in the revisions the spec allows. With `both`, its
 * first message decides, as the v2 SDK's stdio entry decides it: `initialize` (or a message claiming no
 * revision) is 2025-11-25, served by a session of the 2025-11-25 SDK as before; `server/discover` or a request
 * carrying the 2026-07-28 envelope is 2026-07-28. A client opening in a revision the spec leaves out is
 * refused the way a server of the other revision refuses it.
 */
export async function serveConnection(options: {
  state: MockServerState;
  transport: Transport;
  jsonSchemaValidator: jsonSchemaValidator | undefined;
  /** Ends the connection for a `crash` response: the session's own close, unless the host says otherwise. */
  crash: (close: () => Promise<void>) => Promise<void>;
}): Promise<ServedConnection> {
  const { state, transport, crash } = options;
  const protocol = state.spec.protocol;
  const legacySession = () =>
    createSessionServer({
      state,
      crash: (session: McpServer) => crash(() => session.close()),
      ...(options.jsonSchemaValidator === undefined
        ? {}
        : { jsonSchemaValidator: options.jsonSchemaValidator }),
    });
  if (protocol === '2025-11-25') {
    const session = legacySession();
    await session.connect(transport);
    return { close: () => session.close() };
  }
  const validator = options.jsonSchemaValidator ?? new AjvJsonSchemaValidator();
  const listeners = trackToolListeners();
  const wire = observe({ transport, ...listeners });
  // Called only once the connection is served, when `handle` is set.
  const closeConnection = (): Promise<void> => handle.close();
  const handle: StdioServerHandle = serveStdio(
    // The v2 SDK's entry pins a server of the 2025-11-25 SDK for an older client: both drive a transport the
    // same way, and that SDK's session is the one the conformance suite checks.
    ({ era }) => {
      if (era !== 'modern') return legacySession() as never;
      let connected = true;
      const session: MockSession = {
        subscriptions: new Set(),
        logLevel: undefined,
        peer: {
          protocol: '2026-07-28',
          isListening: () => connected && listeners.count() > 0,
          sendToolListChanged: () => server.server.sendToolListChanged(),
          sendResourceUpdated: (uri) => server.server.sendResourceUpdated({ uri }),
          close: closeConnection,
        },
      };
      const server = createModernSessionServer({
        state,
        session,
        validator,
        // A crash drops the connection: no stream is ended gracefully first, as closing would.
        crash: () => crash(() => transport.close()),
      });
      state.sessions.add(session);
      server.server.onclose = () => {
        connected = false;
        state.sessions.delete(session);
      };
      return server;
    },
    { transport: wire, legacy: protocol === 'both' ? 'serve' : 'reject' },
  );
  return { close: closeConnection };
}

/** The transport, with `inbound` shown each message that arrives (before the server reads it) and `outbound` each sent. */
function observe(options: {
  transport: Transport;
  inbound: (message: JSONRPCMessage) => void;
  outbound: (message: JSONRPCMessage) => void;
}): Transport {
  const { transport, inbound: onInbound, outbound } = options;
  return new Proxy(transport, {
    get(target, property, receiver) {
      if (property === 'send') {
        return (message: JSONRPCMessage, sendOptions?: Parameters<Transport['send']>[1]) => {
          outbound(message);
          return target.send(message, sendOptions);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
    set(target, property, value: unknown) {
      if (property === 'onmessage' && typeof value === 'function') {
        target.onmessage = (message, extra) => {
          onInbound(message);
          (value as NonNullable<Transport['onmessage']>)(message, extra);
        };
        return true;
      }
      return Reflect.set(target, property, value);
    },
  });
}
