import { join } from 'node:path';
import type { JsonObject, JsonValue } from '@toolloop/core';
import type { MockServerSpec } from '@toolloop/mock-mcp';
import type { LlmStep } from '@toolloop/fake-llm';
import { recordingDirectoryOf } from './recording-files.js';
import type { RecordedModelResponse, RecordedToolCall, Recording } from './recording.js';

/**
 * The fake LLM's steps that answer a replay: each recorded stream sent back as its file's bytes, each recorded
 * error as the same status, type and message.
 */
export function toReplaySteps({
  recording,
  scenarioFile,
}: {
  recording: Recording;
  scenarioFile: string;
}): LlmStep[] {
  const directory = recordingDirectoryOf(scenarioFile);
  return recording.turns.flatMap((turn, turnIndex) =>
    turn.models.map((exchange, modelIndex) =>
      exchange.response.type === 'stream'
        ? { replay: join(directory, `turn-${turnIndex + 1}`, `model-${modelIndex + 1}.response.sse`) }
        : { error: toErrorStep(exchange.response) },
    ),
  );
}

function toErrorStep(
  response: Extract<RecordedModelResponse, { type: 'error' }>,
): NonNullable<LlmStep['error']> {
  let type: string | undefined;
  let message: string | undefined;
  try {
    const body = JSON.parse(response.body) as { error?: { type?: unknown; message?: unknown } };
    if (typeof body.error?.type === 'string') type = body.error.type;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    message = response.body;
  }
  const retryAfter = Number(response.headers['retry-after']);
  return {
    // A recorded answer that was neither a stream nor an HTTP error cannot be sent again as either.
    status: response.status >= 400 && response.status <= 599 ? response.status : 502,
    ...(type === undefined ? {} : { type }),
    ...(message === undefined ? {} : { message }),
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  };
}

/**
 * Mock servers that stand in for the real servers of a recording: the tools each listed, answering each recorded
 * call (matched by its arguments, once each, in order) as the real server did — no process, no network.
 */
export function toReplayServers(recording: Recording): Record<string, MockServerSpec> {
  const calls = recording.turns.flatMap((turn) => turn.toolCalls);
  return Object.fromEntries(
    Object.entries(recording.servers).map(([server, tools]) => [
      server,
      {
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
      } as unknown as MockServerSpec,
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
