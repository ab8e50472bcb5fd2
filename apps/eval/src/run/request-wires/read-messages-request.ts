import type { JsonValue } from '@toolloop/core';
import {
  asArray,
  asObject,
  endsOf,
  toolDefinition,
  type JsonObject,
  type WireRequest,
} from './wire-request.js';
import { textOf } from './text-of.js';

/** A Messages API request (`/v1/messages`), read as expectations see every wire. */
export function readMessagesRequest(body: JsonObject): WireRequest {
  const messages = asArray(body.messages).map(asObject);
  const format = asObject(asObject(body.output_config).format);
  const breakpoints = findCacheBreakpoints(body);
  return {
    toolDefinitions: asArray(body.tools)
      .map(asObject)
      .map((tool) => toolDefinition(tool.name, tool.description, tool.input_schema)),
    ...(body.tool_choice === undefined ? {} : { toolChoice: body.tool_choice }),
    ...(body.system === undefined || body.system === null ? {} : { system: textOf(body.system) }),
    ...(breakpoints.length === 0 ? {} : { cacheBreakpoints: breakpoints }),
    ...(typeof body.max_tokens === 'number' ? { maxTokens: body.max_tokens } : {}),
    ...(body.thinking === undefined ? {} : { thinking: body.thinking }),
    ...(format.type === 'json_schema'
      ? { outputFormat: format.schema === undefined ? {} : { schema: format.schema } }
      : {}),
    ...endsOf(
      messages.map((message) => ({
        role: typeof message.role === 'string' ? message.role : '?',
        text: textOf(message.content ?? ''),
        ...(asArray(message.content).some((block) => asObject(block).type === 'tool_result')
          ? { holdsToolResults: true as const }
          : {}),
      })),
    ),
    toolResults: messages.flatMap((message) =>
      asArray(message.content)
        .map(asObject)
        .flatMap((block) => (block.type === 'tool_result' ? [textOf(block.content)] : [])),
    ),
  };
}

/**
 * Where a Messages API request puts `cache_control`, in the API's own path form (`tools.2`, `system.0`,
 * `messages.3.content.1`, and `messages.3.content.0.content.0` inside a tool result), in request order.
 */
function findCacheBreakpoints(body: JsonObject): string[] {
  const marked = (block: JsonValue | undefined) => asObject(block).cache_control != null;
  const inBlocks = (blocks: JsonValue | undefined, path: string): string[] =>
    asArray(blocks).flatMap((block, index) => [
      ...(marked(block as JsonValue) ? [`${path}.${index}`] : []),
      ...inBlocks(asObject(block).content, `${path}.${index}.content`),
    ]);
  return [
    ...asArray(body.tools).flatMap((tool, index) => (marked(tool as JsonValue) ? [`tools.${index}`] : [])),
    ...inBlocks(body.system, 'system'),
    ...asArray(body.messages).flatMap((message, index) =>
      inBlocks(asObject(message).content, `messages.${index}.content`),
    ),
  ];
}
