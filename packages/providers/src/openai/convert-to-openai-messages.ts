import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Message } from '@toolloop/core';
import { convertToOpenAIAssistantMessage } from './convert-to-openai-assistant-message.js';
import { convertToOpenAIToolMessages } from './convert-to-openai-tool-messages.js';

/**
 * Core messages as chat messages: the system prompt first as a `system` message, user text as a string (parts
 * joined by blank lines), assistant messages with their tool calls and reasoning, and each tool result as its own
 * `tool` message.
 */
export function convertToOpenAIMessages({
  system,
  messages,
}: {
  system: string | undefined;
  messages: readonly Message[];
}): ChatCompletionMessageParam[] {
  const converted: ChatCompletionMessageParam[] = [];
  if (system !== undefined && system !== '') converted.push({ role: 'system', content: system });
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        converted.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part) => part.text).join('\n\n'),
        });
        break;
      case 'assistant':
        converted.push(convertToOpenAIAssistantMessage(message));
        break;
      case 'tool':
        converted.push(...convertToOpenAIToolMessages(message));
        break;
      default: {
        const unknownMessage: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknownMessage)}`);
      }
    }
  }
  return converted;
}
