import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions';
import type { AssistantMessage, ThinkingPart } from '@toolloop/core';

/** The delta fields servers stream reasoning in: DeepSeek, xAI and older vLLM use the first, Ollama and others the second. */
export type OpenAIReasoningField = 'reasoning_content' | 'reasoning';

/** An assistant message as sent, with the reasoning in the field the server used. */
export type OpenAIAssistantMessageParam = ChatCompletionAssistantMessageParam &
  Partial<Record<OpenAIReasoningField, string>>;

/**
 * A core assistant message as a chat message: text joined, tool calls as `tool_calls`. Reasoning goes back only
 * with tool calls (servers that want it back, such as DeepSeek, want it within a tool-calling turn), in the field
 * the server streamed it in (`providerData.field`); thinking from other providers and redacted thinking are left
 * out. A call whose arguments did not parse goes back with `{}`: several servers reject invalid JSON in the
 * history, and the error result already tells the model what was wrong.
 */
export function convertToOpenAIAssistantMessage(message: AssistantMessage): OpenAIAssistantMessageParam {
  let text = '';
  const toolCalls: ChatCompletionMessageFunctionToolCall[] = [];
  const thinking: Array<{ text: string; field: OpenAIReasoningField }> = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        text += part.text;
        break;
      case 'thinking': {
        const field = reasoningFieldOf(part);
        if (field !== undefined) thinking.push({ text: part.text, field });
        break;
      }
      case 'redacted-thinking':
        break;
      case 'tool-call':
        toolCalls.push({
          id: part.id,
          type: 'function',
          function: { name: part.name, arguments: JSON.stringify(part.input) },
        });
        break;
      default: {
        const unknownPart: never = part;
        throw new Error(`Unknown assistant content ${JSON.stringify(unknownPart)}`);
      }
    }
  }
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  const converted: OpenAIAssistantMessageParam = {
    role: 'assistant',
    content: text === '' ? null : text,
    tool_calls: toolCalls,
  };
  const field = thinking[0]?.field;
  if (field !== undefined) converted[field] = thinking.map((part) => part.text).join('');
  return converted;
}

function reasoningFieldOf(part: ThinkingPart): OpenAIReasoningField | undefined {
  const field = part.providerData?.['field'];
  return field === 'reasoning_content' || field === 'reasoning' ? field : undefined;
}
