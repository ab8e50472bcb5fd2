import {
  createChatCompletionsUsage,
  joinContent,
  type ChatCompletionsAnswer,
} from './chat-completions-answer.js';
import type { ChatCompletionsQuirks } from './chat-completions-dialect.js';

/**
 * The non-streaming chat completions body for an answer (`object: 'chat.completion'`): one choice whose
 * message has the content (`null` when there is none), the native tool calls, and the thinking in the
 * dialect's reasoning field.
 */
export function createChatCompletion(options: {
  answer: ChatCompletionsAnswer;
  quirks: ChatCompletionsQuirks;
}): Record<string, unknown> {
  const { answer, quirks } = options;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: joinContent(answer) ?? null,
    refusal: null,
  };
  if (answer.reasoning !== undefined && quirks.reasoningField !== 'none')
    message[quirks.reasoningField] = answer.reasoning;
  if (answer.toolCalls.length > 0) {
    message.tool_calls = answer.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: {
        name: call.name,
        arguments: call.arguments === '{}' && quirks.emptyArguments === 'empty-string' ? '' : call.arguments,
      },
    }));
  }
  return {
    id: answer.id,
    object: 'chat.completion',
    created: answer.created,
    model: answer.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: answer.finishReason }],
    usage: createChatCompletionsUsage(answer.usage, quirks.cacheUsage),
  };
}
