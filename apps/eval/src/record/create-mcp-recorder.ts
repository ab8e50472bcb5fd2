import type { JsonObject, JsonValue } from '@toolloop/core';
import type { McpMessageRecord } from '@toolloop/core/mcp';
import type { RecordedToolCall } from './recording.js';
import { toJsonObject, toJsonValue } from './to-json-value.js';

/** Keeps what real MCP servers answered: the tools each listed and every tool call, in the order answered. */
export interface McpRecorder {
  onMessage(record: McpMessageRecord): void;
  /** The tools each server listed last, by server. */
  servers(): Record<string, JsonValue[]>;
  /** Every answered tool call so far, in the order the answers came. */
  toolCalls(): readonly RecordedToolCall[];
}

/** A recorder for `connectMcpServers`' `onMessage`, for the servers named in `servers` (the real ones). */
export function createMcpRecorder({ servers }: { servers: ReadonlySet<string> }): McpRecorder {
  const pending = new Map<string, { method: string; params: JsonObject }>();
  const listed: Record<string, JsonValue[]> = {};
  const calls: RecordedToolCall[] = [];
  return {
    onMessage({ server, direction, message }) {
      if (!servers.has(server) || !('id' in message)) return;
      const key = `${server}\u0000${String(message.id)}`;
      if (direction === 'sent' && 'method' in message) {
        pending.set(key, {
          method: message.method,
          params: toJsonObject(message.params),
        });
        return;
      }
      if (direction !== 'received') return;
      const request = pending.get(key);
      if (request === undefined) return;
      pending.delete(key);
      if (request.method !== 'tools/list' && request.method !== 'tools/call') return;
      const result = 'result' in message ? toJsonObject(message.result) : undefined;
      if (request.method === 'tools/list' && result !== undefined) {
        // A paged listing arrives in parts; a new first page starts the list again.
        const tools = Array.isArray(result.tools) ? result.tools : [];
        listed[server] = request.params.cursor === undefined ? tools : [...(listed[server] ?? []), ...tools];
      }
      // A 2026-07-28 server asks for input by answering the call with `input_required`; the client calls again
      // with the answers, and that call's answer is the call's. Only the last is kept: replayed, it is the answer.
      if (request.method === 'tools/call' && result?.resultType !== 'input_required') {
        calls.push({
          server,
          tool: typeof request.params.name === 'string' ? request.params.name : '',
          arguments: request.params.arguments ?? {},
          ...(result !== undefined
            ? { result }
            : 'error' in message
              ? { error: toJsonValue(message.error) }
              : {}),
        });
      }
    },
    servers: () => listed,
    toolCalls: () => calls,
  };
}
