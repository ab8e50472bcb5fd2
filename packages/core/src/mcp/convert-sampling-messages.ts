/* eslint-disable @typescript-eslint/no-deprecated -- Sampling is deprecated from protocol 2026-07-28 and stays in the
   specification for at least twelve months (SEP-2577); this file is how toolloop keeps serving it. */
import type { SamplingMessage } from '@modelcontextprotocol/client';
import type { JsonObject } from '../json-value.js';
import type { AssistantContentPart, Message, TextPart, ToolResultPart } from '../model/messages.js';
import { mapMcpToolResult } from './map-mcp-tool-result.js';
import { fromProviderDataMeta } from './provider-data-meta.js';

type SamplingBlock = Exclude<SamplingMessage['content'], unknown[]>;

/**
 * The messages of a `sampling/createMessage` request as a core transcript: `tool_use` blocks become tool
 * calls (an assistant block's `_meta` giving back the provider data the client sent it with), a user message's `tool_result` blocks become a tool message (named after the call they answer), and
 * media the core transcript cannot carry yet (images, audio) become a note the model can read.
 */
export function convertSamplingMessages(messages: SamplingMessage[]): Message[] {
  const toolNames = new Map<string, string>();
  const converted: Message[] = [];
  for (const message of messages) {
    const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as SamplingBlock[];
    if (message.role === 'assistant') {
      const content = blocks.map((block): AssistantContentPart => {
        if (block.type === 'tool_use') {
          toolNames.set(block.id, block.name);
          return {
            type: 'tool-call',
            id: block.id,
            name: block.name,
            input: block.input as JsonObject,
            ...fromProviderDataMeta(block._meta),
          };
        }
        const text = toTextPart(block);
        return block.type === 'text' ? { ...text, ...fromProviderDataMeta(block._meta) } : text;
      });
      converted.push({ role: 'assistant', content });
      continue;
    }
    const results: ToolResultPart[] = [];
    const texts: TextPart[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        const output = mapMcpToolResult({
          content: block.content,
          ...(block.structuredContent === undefined ? {} : { structuredContent: block.structuredContent }),
          ...(block.isError === undefined ? {} : { isError: block.isError }),
        });
        results.push({
          type: 'tool-result',
          toolCallId: block.toolUseId,
          toolName: toolNames.get(block.toolUseId) ?? 'unknown',
          output,
          isError: block.isError === true,
        });
      } else {
        texts.push(toTextPart(block));
      }
    }
    if (results.length > 0) converted.push({ role: 'tool', content: results });
    if (texts.length > 0) converted.push({ role: 'user', content: texts });
  }
  return converted;
}

function toTextPart(block: SamplingBlock): TextPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      return {
        type: 'text',
        text: `[${block.type} (${block.mimeType}) omitted: not supported by this client yet]`,
      };
    case 'tool_use':
    case 'tool_result':
      return { type: 'text', text: `[${block.type} block out of place]` };
    default: {
      const unexpected: never = block;
      return { type: 'text', text: `[unsupported content ${JSON.stringify(unexpected)}]` };
    }
  }
}
