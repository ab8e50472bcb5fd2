import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { userMessageText } from '../user-message-text.js';
import type { Message } from '@toolloop/core';
import { convertToOpenAIAssistantMessage } from './convert-to-openai-assistant-message.js';
import { convertToOpenAIToolMessages } from './convert-to-openai-tool-messages.js';

/**
 * Core messages as chat messages: the system prompt first as a `system` message, user text as a string (parts
 * joined by blank lines), assistant messages with their tool calls and reasoning, and each tool result as its own
 * `tool` message. A `volatileSystemSuffix` that the system prompt ends with (the progressive prompt's round
 * line) is sent as a `system` message of its own at the end instead: it changes every round, and anything that
 * changes early in a request ends the prefix a server's cache can reuse.
 */
export function convertToOpenAIMessages({
  system,
  messages,
  volatileSystemSuffix,
}: {
  system: string | undefined;
  messages: readonly Message[];
  volatileSystemSuffix?: string | undefined;
}): ChatCompletionMessageParam[] {
  const converted: ChatCompletionMessageParam[] = [];
  const splits =
    volatileSystemSuffix !== undefined &&
    volatileSystemSuffix !== '' &&
    system?.endsWith(volatileSystemSuffix) === true;
  const stableSystem = splits
    ? system.slice(0, system.length - volatileSystemSuffix.length).replace(/\n\n$/, '')
    : system;
  if (stableSystem !== undefined && stableSystem !== '')
    converted.push({ role: 'system', content: stableSystem });
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        converted.push({
          role: 'user',
          content: userMessageText(message),
        });
        break;
      case 'assistant':
        converted.push(convertToOpenAIAssistantMessage(message));
        break;
      case 'tool':
        // One message a result, added one at a time: a round of very many calls has as many results.
        for (const result of convertToOpenAIToolMessages(message)) converted.push(result);
        break;
      default: {
        const unknownMessage: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknownMessage)}`);
      }
    }
  }
  if (splits) converted.push({ role: 'system', content: volatileSystemSuffix });
  return converted;
}
