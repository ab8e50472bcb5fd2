import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool result with `isError: true` and this text. */
export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
