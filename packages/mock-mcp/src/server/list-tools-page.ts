import { ErrorCode, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';

/**
 * One page of `tools/list`: all the tools without a page size; with one, the page the cursor names (the first
 * without a cursor) and the cursor of the next, until the last. A cursor this server did not give is refused.
 */
export function listToolsPage({
  tools,
  pageSize,
  cursor,
}: {
  tools: readonly Tool[];
  pageSize: number | undefined;
  cursor: string | undefined;
}): { tools: Tool[]; nextCursor?: string } {
  if (pageSize === undefined) return { tools: [...tools] };
  const start = cursor === undefined ? 0 : readCursor(cursor, tools.length);
  const end = start + pageSize;
  return {
    tools: tools.slice(start, end),
    ...(end < tools.length ? { nextCursor: `tools-${end}` } : {}),
  };
}

/** Where the page a cursor names starts: the cursors are `tools-<index>`, within the list. */
function readCursor(cursor: string, count: number): number {
  const start = /^tools-(\d+)$/u.exec(cursor)?.[1];
  const index = start === undefined ? Number.NaN : Number(start);
  if (!Number.isSafeInteger(index) || index <= 0 || index >= count) {
    throw new JsonRpcReplyError({
      code: ErrorCode.InvalidParams,
      message: `Invalid cursor '${cursor}': give the nextCursor of a page of tools/list.`,
    });
  }
  return index;
}
