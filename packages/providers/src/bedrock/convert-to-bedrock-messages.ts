import type { ContentBlock, Message as BedrockMessage } from '@aws-sdk/client-bedrock-runtime';
import type { AssistantContentPart, JsonValue, Message } from '@toolloop/core';
import { convertToBedrockToolResult } from './convert-to-bedrock-tool-result.js';

type Role = 'user' | 'assistant';

/**
 * Core messages as Converse messages. A `tool` message becomes a user message of `toolResult` blocks, merged
 * with adjacent user content (Converse takes alternating roles only). Thinking goes back as
 * `reasoningContent.reasoningText` with its signature, text and signature exactly as they came, and redacted
 * thinking as `reasoningContent.redactedContent` (its bytes), in their places before the text and tool calls
 * they preceded: Bedrock refuses a Claude tool turn whose reasoning is missing or changed. Empty text is left out
 * (Converse refuses a blank text block), and so is thinking without a signature (from another provider).
 */
export function convertToBedrockMessages(messages: readonly Message[]): BedrockMessage[] {
  const converted: Array<{ role: Role; content: ContentBlock[] }> = [];
  for (const message of messages) {
    const role: Role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = convertContent(message);
    if (blocks.length === 0) continue;
    const last = converted.at(-1);
    // Added one at a time: a message may hold very many tool calls or results.
    if (last?.role === role) for (const block of blocks) last.content.push(block);
    else converted.push({ role, content: blocks });
  }
  return converted;
}

function convertContent(message: Message): ContentBlock[] {
  switch (message.role) {
    case 'user':
      if (typeof message.content === 'string')
        return message.content === '' ? [] : [{ text: message.content }];
      return message.content.filter((part) => part.text !== '').map((part) => ({ text: part.text }));
    case 'assistant':
      return message.content.flatMap(convertAssistantPart);
    case 'tool':
      return message.content.map(convertToBedrockToolResult);
    default: {
      const unknownMessage: never = message;
      throw new Error(`Unknown message ${JSON.stringify(unknownMessage)}`);
    }
  }
}

function convertAssistantPart(part: AssistantContentPart): ContentBlock[] {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ text: part.text }];
    case 'thinking': {
      const signature = part.providerData?.['signature'];
      if (typeof signature !== 'string') return [];
      return [{ reasoningContent: { reasoningText: { text: part.text, signature } } }];
    }
    case 'redacted-thinking':
      return [{ reasoningContent: { redactedContent: Buffer.from(part.data, 'base64') } }];
    case 'tool-call':
      return [{ toolUse: { toolUseId: part.id, name: part.name, input: toToolInput(part.input) } }];
    default: {
      const unknownPart: never = part;
      throw new Error(`Unknown assistant content ${JSON.stringify(unknownPart)}`);
    }
  }
}

/** Converse takes a tool call's input as a JSON object; arguments that did not parse went as `{}`. */
function toToolInput(input: JsonValue): Record<string, JsonValue> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
}
