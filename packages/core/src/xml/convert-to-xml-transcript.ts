import type { Message, ToolOutput } from '../model/messages.js';
import { formatXmlToolCall } from './format-xml-tool-call.js';

/**
 * A transcript a text-only model can read: tool calls become the XML blocks the model wrote, tool results become
 * a user message of `<tool_result:NAME>` (or `<tool_error:NAME>`) blocks. Thinking goes back unchanged.
 */
export function convertToXmlTranscript(messages: readonly Message[]): Message[] {
  return messages.map((message): Message => {
    switch (message.role) {
      case 'user':
        return message;
      case 'assistant':
        return {
          role: 'assistant',
          content: message.content.map((part) =>
            part.type === 'tool-call'
              ? { type: 'text', text: formatXmlToolCall({ name: part.name, input: part.input }) }
              : part,
          ),
        };
      case 'tool':
        return {
          role: 'user',
          content: message.content.map((result) => {
            const tag = result.isError ? `tool_error:${result.toolName}` : `tool_result:${result.toolName}`;
            return { type: 'text', text: `<${tag}>\n${outputText(result.output)}\n</${tag}>` };
          }),
        };
      default: {
        const unexpected: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unexpected)}`);
      }
    }
  });
}

function outputText(output: ToolOutput): string {
  return output.content
    .map((block) =>
      block.type === 'text'
        ? block.text
        : block.type === 'image'
          ? `[image ${block.mediaType}]`
          : `[${block.type} ${block.uri}]`,
    )
    .join('\n');
}
