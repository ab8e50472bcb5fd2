import type { AssistantMessage, JsonValue, Message } from '@toolloop/core';
import { userMessageText } from '../user-message-text.js';
import { convertToOllamaToolResult } from './convert-to-ollama-tool-result.js';
import type { OllamaWireMessage, OllamaWireToolCall } from './ollama-wire-types.js';

/**
 * Core messages as Ollama chat messages, after the system prompt (`role: 'system'`): user text (parts joined by
 * blank lines); each assistant message as one message whose `thinking` is its thinking (what Ollama streamed as
 * `message.thinking`, sent back so that the model's template can render it between rounds, as gpt-oss's and Qwen
 * 3's do), `content` its text and `tool_calls` its calls with their arguments as an object; each tool result as a
 * `tool` message naming the tool (`tool_name`) and the call (`tool_call_id`). Redacted thinking has no Ollama
 * form and is left out.
 */
export function convertToOllamaMessages(options: {
  system: string | undefined;
  messages: readonly Message[];
}): OllamaWireMessage[] {
  const converted: OllamaWireMessage[] = [];
  if (options.system !== undefined && options.system !== '')
    converted.push({ role: 'system', content: options.system });
  for (const message of options.messages) {
    switch (message.role) {
      case 'user':
        converted.push({
          role: 'user',
          content: userMessageText(message),
        });
        break;
      case 'assistant':
        converted.push(convertAssistantMessage(message));
        break;
      case 'tool':
        for (const part of message.content) {
          converted.push({
            role: 'tool',
            content: convertToOllamaToolResult(part),
            tool_name: part.toolName,
            tool_call_id: part.toolCallId,
          });
        }
        break;
      default: {
        const unknownMessage: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknownMessage)}`);
      }
    }
  }
  return converted;
}

function convertAssistantMessage(message: AssistantMessage): OllamaWireMessage {
  let content = '';
  let thinking = '';
  const toolCalls: OllamaWireToolCall[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        content += part.text;
        break;
      case 'thinking':
        thinking += part.text;
        break;
      case 'redacted-thinking':
        break;
      case 'tool-call':
        toolCalls.push({
          id: part.id,
          // A call whose arguments did not parse goes back as `{}`: its error result says what was wrong.
          function: { name: part.name, arguments: toArguments(part.input) },
        });
        break;
      default: {
        const unknownPart: never = part;
        throw new Error(`Unknown assistant content ${JSON.stringify(unknownPart)}`);
      }
    }
  }
  return {
    role: 'assistant',
    content,
    ...(thinking === '' ? {} : { thinking }),
    ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
  };
}

/** Ollama takes arguments only as an object: anything else (a model that called with a list) goes back as `{}`. */
function toArguments(input: JsonValue): { [key: string]: JsonValue } {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
}
