import type { RawContentBlockDelta, RawContentBlockStartEvent } from '@anthropic-ai/sdk/resources/messages';
import { parseToolInput, readToolInputValue } from '@toolloop/core';
import type {
  AssistantContentPart,
  JsonValue,
  ParsedToolInput,
  TextDeltaPart,
  ThinkingDeltaPart,
  WarningPart,
} from '@toolloop/core';

/** A content block while it streams: what has arrived so far. */
export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string; signature: string }
  | { type: 'redacted-thinking'; data: string }
  | { type: 'tool-call'; id: string; name: string; json: string; startInput: unknown }
  | { type: 'unsupported'; blockType: string };

/**
 * Opens a block from its `content_block_start`. Blocks toolloop has no part for (server tools and their results)
 * are kept as `unsupported`, with a warning: they are dropped from the transcript.
 */
export function startContentBlock(start: RawContentBlockStartEvent['content_block']): {
  block: AnthropicContentBlock;
  warning?: WarningPart;
} {
  // Read before the switch: block types newer than this SDK arrive here too, and end in the default branch.
  const blockType: string = start.type;
  switch (start.type) {
    case 'text':
      return { block: { type: 'text', text: stringOrEmpty(start.text) } };
    case 'thinking':
      // Some streams (and proxies) leave `thinking` or `signature` out of the start event.
      return {
        block: {
          type: 'thinking',
          text: stringOrEmpty(start.thinking),
          signature: stringOrEmpty(start.signature),
        },
      };
    case 'redacted_thinking':
      return { block: { type: 'redacted-thinking', data: start.data } };
    case 'tool_use':
      return {
        block: { type: 'tool-call', id: start.id, name: start.name, json: '', startInput: start.input },
      };
    case 'server_tool_use':
    case 'web_search_tool_result':
    case 'web_fetch_tool_result':
    case 'code_execution_tool_result':
    case 'bash_code_execution_tool_result':
    case 'text_editor_code_execution_tool_result':
    case 'tool_search_tool_result':
    case 'container_upload':
      return unsupported(blockType);
    default: {
      const _newerBlock: never = start;
      return unsupported(blockType);
    }
  }
}

function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function unsupported(blockType: string): { block: AnthropicContentBlock; warning: WarningPart } {
  return {
    block: { type: 'unsupported', blockType },
    warning: {
      type: 'warning',
      code: 'unsupported_content_block',
      message: `The response held a '${blockType}' block, which toolloop does not support; it was left out of the transcript.`,
    },
  };
}

/** Adds a `content_block_delta` to its block; returns the display delta to yield, if any. */
export function applyContentBlockDelta({
  block,
  delta,
}: {
  block: AnthropicContentBlock;
  delta: RawContentBlockDelta;
}): TextDeltaPart | ThinkingDeltaPart | undefined {
  switch (delta.type) {
    case 'text_delta':
      if (block.type !== 'text' || delta.text === '') return undefined;
      block.text += delta.text;
      return { type: 'text-delta', text: delta.text };
    case 'thinking_delta':
      if (block.type !== 'thinking' || delta.thinking === '') return undefined;
      block.text += delta.thinking;
      return { type: 'thinking-delta', text: delta.thinking };
    case 'signature_delta':
      if (block.type === 'thinking') block.signature += delta.signature;
      return undefined;
    case 'input_json_delta':
      if (block.type === 'tool-call') block.json += delta.partial_json;
      return undefined;
    case 'citations_delta':
      return undefined;
    default: {
      // Delta types newer than this SDK are ignored.
      const _newerDelta: never = delta;
      return undefined;
    }
  }
}

/** The whole part for a block that got its `content_block_stop`, or nothing for an empty or unsupported one. */
export function finishContentBlock(block: AnthropicContentBlock): AssistantContentPart | undefined {
  switch (block.type) {
    case 'text':
      return block.text === '' ? undefined : { type: 'text', text: block.text };
    case 'thinking':
      return block.signature === ''
        ? { type: 'thinking', text: block.text }
        : { type: 'thinking', text: block.text, providerData: { signature: block.signature } };
    case 'redacted-thinking':
      return { type: 'redacted-thinking', data: block.data };
    case 'tool-call': {
      const parsed =
        block.json.trim() === '' ? parseStartInput(block.startInput) : parseToolInput(block.json);
      return { type: 'tool-call', id: block.id, name: block.name, ...parsed };
    }
    case 'unsupported':
      return undefined;
    default: {
      const unknownBlock: never = block;
      throw new Error(`Unknown content block ${JSON.stringify(unknownBlock)}`);
    }
  }
}

/**
 * A tool call that streamed no arguments: `{}`, or the input `content_block_start` already carried, read as
 * streamed arguments are. Input nested deeper than streamed arguments may be is refused, never a failed stream.
 */
export function parseStartInput(
  startInput: unknown,
): ParsedToolInput | { input: Record<string, never>; inputError: string } {
  const isNonEmptyObject =
    typeof startInput === 'object' && startInput !== null && Object.keys(startInput).length > 0;
  if (!isNonEmptyObject) return { input: {} };
  // The SDK parsed the event from JSON: a JSON value, and once within the depth, one that writes back as JSON.
  const read = readToolInputValue(startInput as JsonValue);
  return 'inputError' in read ? read : parseToolInput(JSON.stringify(read.input));
}
