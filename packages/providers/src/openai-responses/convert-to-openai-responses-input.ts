import type { AssistantMessage, JsonObject, Message } from '@toolloop/core';
import { userMessageText } from '../user-message-text.js';
import { convertToOpenAIToolMessages } from '../openai/convert-to-openai-tool-messages.js';
import type { OpenAIResponsesInputItem } from './openai-responses-input-item.js';

/**
 * Core messages as Responses API input items: user text as a user message (parts joined by blank lines); each
 * assistant message as its items in the order they came — the reasoning items the API returned (kept whole in
 * the thinking part's `providerData.item`) sent back byte for byte, text as a `message` of `output_text`, tool
 * calls as `function_call` items; each tool result as a `function_call_output`. With `store: false` the API
 * holds nothing between requests, and refuses a function call whose reasoning item is missing, so dropping one
 * is never an option. Thinking from another provider and redacted thinking have no item and are left out.
 */
export function convertToOpenAIResponsesInput(messages: readonly Message[]): OpenAIResponsesInputItem[] {
  const items: OpenAIResponsesInputItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        items.push({
          role: 'user',
          content: userMessageText(message),
        });
        break;
      case 'assistant':
        // An item a tool call, added one at a time: an answer may hold very many calls.
        for (const item of convertAssistantMessage(message)) items.push(item);
        break;
      case 'tool':
        // Results as chat completions words them (an error result starts with `Error: `): the output is text too.
        for (const result of convertToOpenAIToolMessages(message)) {
          items.push({
            type: 'function_call_output',
            call_id: result.tool_call_id,
            output: typeof result.content === 'string' ? result.content : '',
          });
        }
        break;
      default: {
        const unknownMessage: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknownMessage)}`);
      }
    }
  }
  return items;
}

function convertAssistantMessage(message: AssistantMessage): OpenAIResponsesInputItem[] {
  const items: OpenAIResponsesInputItem[] = [];
  let text = '';
  let textItemId: string | undefined;
  const flushText = () => {
    if (text === '') return;
    items.push({
      type: 'message',
      role: 'assistant',
      // The answer's own message id, when the text came from this API: a reasoning item goes back with it.
      ...(textItemId === undefined ? {} : { id: textItemId, status: 'completed' as const }),
      content: [{ type: 'output_text', text, annotations: [] }],
    });
    text = '';
    textItemId = undefined;
  };
  for (const part of message.content) {
    switch (part.type) {
      case 'text': {
        const itemId = part.providerData?.['itemId'];
        const id = typeof itemId === 'string' ? itemId : undefined;
        // Text of two message items goes back as two items, each with its id.
        if (text !== '' && id !== textItemId) flushText();
        textItemId = id;
        text += part.text;
        break;
      }
      case 'thinking': {
        const item = part.providerData?.['item'];
        if (isReasoningItem(item)) {
          flushText();
          items.push(item);
        }
        break;
      }
      case 'redacted-thinking':
        break;
      case 'tool-call': {
        flushText();
        const itemId = part.providerData?.['itemId'];
        items.push({
          type: 'function_call',
          ...(typeof itemId === 'string' ? { id: itemId } : {}),
          call_id: part.id,
          name: part.name,
          // A call whose arguments did not parse goes back as `{}`: its error result says what was wrong.
          arguments: JSON.stringify(part.input),
        });
        break;
      }
      default: {
        const unknownPart: never = part;
        throw new Error(`Unknown assistant content ${JSON.stringify(unknownPart)}`);
      }
    }
  }
  flushText();
  return items;
}

function isReasoningItem(value: unknown): value is JsonObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'type' in value &&
    value.type === 'reasoning'
  );
}
