import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/** Which server's credentials: its name in the config and its URL. */
export interface McpTokenKey {
  serverName: string;
  serverUrl: string;
}

/** What the client keeps of a server's authorization: its tokens and its registration. */
export interface McpStoredAuth {
  tokens?: StoredOAuthTokens;
  client?: StoredOAuthClientInformation;
}

/**
 * Where tokens live between connects and across processes: the host's own store (a keychain, an encrypted
 * database). They are never written anywhere else: not in a session file, a recording, a report or a log.
 */
export interface McpTokenStore {
  load(key: McpTokenKey): McpStoredAuth | undefined | Promise<McpStoredAuth | undefined>;
  save(key: McpTokenKey, value: McpStoredAuth): void | Promise<void>;
}

/** A token store in memory: tokens last as long as the process (the default of `connectMcpServers`). */
export function createMemoryTokenStore(): McpTokenStore {
  const entries = new Map<string, McpStoredAuth>();
  const keyOf = ({ serverName, serverUrl }: McpTokenKey) => `${serverName}\u0000${serverUrl}`;
  return {
    load: (key) => entries.get(keyOf(key)),
    save: (key, value) => {
      entries.set(keyOf(key), value);
    },
  };
}
