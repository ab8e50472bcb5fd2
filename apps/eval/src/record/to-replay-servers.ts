import type { JsonObject, JsonValue } from '@toolloop/core';
import { parseMockServerSpec, type MockServerSpec } from '@toolloop/mock-mcp';
import type { RecordedToolCall, Recording } from './recording.js';

/**
 * Mock servers that stand in for the real servers of a recording: the tools each listed, answering each recorded
 * call (matched by its arguments, once each, in order) as the real server did — no process, no network. A tool
 * the mock cannot stand in for (a definition MCP would refuse) is a `MockSpecError` naming its field.
 */
export function toReplayServers(recording: Recording): Record<string, MockServerSpec> {
  const calls = recording.turns.flatMap((turn) => turn.toolCalls);
  return Object.fromEntries(
    Object.entries(recording.servers).map(([server, tools]) => [
      server,
      parseMockServerSpec({
        tools: tools.flatMap((tool) => {
          if (!isObject(tool) || typeof tool.name !== 'string') return [];
          // The client skips a tool that only runs as an MCP task, so the agent never saw it.
          if (isObject(tool.execution) && tool.execution.taskSupport === 'required') return [];
          const name = tool.name;
          return [
            {
              ...pick(tool, ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']),
              responses: calls
                .filter((call) => call.server === server && call.tool === name)
                .map((call) => toMockResponse(call)),
            },
          ];
        }),
      }),
    ]),
  );
}

function toMockResponse(call: RecordedToolCall): JsonObject {
  const when = { match: isObject(call.arguments) ? call.arguments : {}, times: 1 };
  if (call.error !== undefined) {
    const error = isObject(call.error) ? call.error : {};
    return {
      ...when,
      throw: {
        code: typeof error.code === 'number' ? error.code : -32603,
        message: typeof error.message === 'string' ? error.message : JSON.stringify(call.error),
      },
    };
  }
  const result = isObject(call.result) ? call.result : {};
  const content = Array.isArray(result.content) ? result.content : [];
  if (result.isError === true)
    return {
      ...when,
      error: content
        .map((block) => (isObject(block) && typeof block.text === 'string' ? block.text : ''))
        .join('\n'),
    };
  if (isObject(result.structuredContent)) return { ...when, structuredContent: result.structuredContent };
  return { ...when, content };
}

function pick(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(keys.flatMap((key) => (object[key] === undefined ? [] : [[key, object[key]]])));
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
