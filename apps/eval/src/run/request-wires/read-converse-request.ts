import type { JsonValue } from '@toolloop/core';
import {
  asArray,
  asObject,
  asString,
  endsOf,
  toolDefinition,
  type JsonObject,
  type WireRequest,
} from './wire-request.js';

/**
 * A Bedrock Converse request (`/model/{id}/converse`, `…/converse-stream`), read as expectations see every wire:
 * `system` blocks are the system prompt, `toolResult` blocks the tool results, `inferenceConfig.maxTokens` the
 * output limit and the model's own `thinking` (in `additionalModelRequestFields`) its thinking.
 */
export function readConverseRequest(body: JsonObject): WireRequest {
  const messages = asArray(body.messages).map(asObject);
  const toolConfig = asObject(body.toolConfig);
  const toolChoice = toNeutralChoice(toolConfig.toolChoice);
  const maxTokens = asObject(body.inferenceConfig).maxTokens;
  const thinking = asObject(body.additionalModelRequestFields).thinking;
  const results = messages.flatMap((message) =>
    blocksOf(message).flatMap((block) =>
      block.toolResult === undefined ? [] : [resultText(asObject(block.toolResult))],
    ),
  );
  return {
    toolDefinitions: asArray(toolConfig.tools)
      .map((tool) => asObject(asObject(tool).toolSpec))
      .filter((spec) => spec.name !== undefined)
      .map((spec) => toolDefinition(spec.name, spec.description, asObject(spec.inputSchema).json)),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(body.system === undefined ? {} : { system: textOfBlocks(asArray(body.system).map(asObject)) }),
    ...(typeof maxTokens === 'number' ? { maxTokens } : {}),
    ...(thinking === undefined ? {} : { thinking }),
    ...endsOf(
      messages.map((message) => ({
        role: asString(message.role) ?? '?',
        text: textOfBlocks(blocksOf(message)),
        ...(blocksOf(message).some((block) => block.toolResult !== undefined)
          ? { holdsToolResults: true as const }
          : {}),
      })),
    ),
    toolResults: results,
  };
}

function blocksOf(message: JsonObject): JsonObject[] {
  return asArray(message.content).map(asObject);
}

/** The text of blocks: `text` blocks and tool results, by lines. */
function textOfBlocks(blocks: readonly JsonObject[]): string {
  return blocks
    .flatMap((block) => {
      if (typeof block.text === 'string') return [block.text];
      if (block.toolResult !== undefined) return [resultText(asObject(block.toolResult))];
      return [];
    })
    .filter((text) => text !== '')
    .join('\n');
}

/** A `toolResult`'s content: its text blocks, and its JSON blocks as JSON, by lines. */
function resultText(result: JsonObject): string {
  return asArray(result.content)
    .map(asObject)
    .map((block) =>
      typeof block.text === 'string'
        ? block.text
        : block.json === undefined
          ? ''
          : JSON.stringify(block.json),
    )
    .filter((text) => text !== '')
    .join('\n');
}

/** `toolChoice` (`{ auto: {} }`, `{ any: {} }`, `{ tool: { name } }`) in the Messages API's words. */
function toNeutralChoice(choice: JsonValue | undefined): JsonValue | undefined {
  if (choice === undefined) return undefined;
  const known = asObject(choice);
  if (known.auto !== undefined) return { type: 'auto' };
  if (known.any !== undefined) return { type: 'any' };
  const name = asObject(known.tool).name;
  return typeof name === 'string' ? { type: 'tool', name } : choice;
}
