import type { Message, ToolOutput } from '../model/messages.js';

/** The conversation as text for the summary model: who said what, which tools were called and what they returned. */
export function renderTranscript(messages: readonly Message[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') {
      lines.push(`${speaker(message.role)}: ${message.content}`);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text') lines.push(`${speaker(message.role)}: ${part.text}`);
      if (part.type === 'tool-call') {
        lines.push(`Assistant called ${part.name} with ${JSON.stringify(part.input)}`);
      }
      if (part.type === 'tool-result') {
        lines.push(`${part.toolName} ${part.isError ? 'failed' : 'returned'}: ${outputText(part.output)}`);
      }
    }
  }
  return lines.join('\n\n');
}

function speaker(role: Message['role']): string {
  return role === 'assistant' ? 'Assistant' : 'User';
}

/** A tool result's output as text: its text blocks, a resource's text, what else it holds in brackets. */
export function outputText(output: ToolOutput): string {
  const parts = output.content.map((block) =>
    block.type === 'text'
      ? block.text
      : block.type === 'image'
        ? '[an image]'
        : block.type === 'resource'
          ? (block.text ?? `[${block.uri}]`)
          : `[${block.uri}]`,
  );
  if (parts.length === 0 && output.structuredContent !== undefined) {
    return JSON.stringify(output.structuredContent);
  }
  return parts.join('\n');
}
