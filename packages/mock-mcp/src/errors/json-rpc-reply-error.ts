/**
 * An error the server sends as a JSON-RPC error response with this exact `code`, `message` and `data` (the
 * SDK's `McpError` would prefix its message with "MCP error <code>:" and the client would prefix it again).
 */
export class JsonRpcReplyError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor({ code, message, data }: { code: number; message: string; data?: unknown }) {
    super(message);
    this.name = 'JsonRpcReplyError';
    this.code = code;
    this.data = data;
  }
}
