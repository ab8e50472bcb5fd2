import type { ChatCompletionsAnswer } from './chat-completions-answer.js';
import type { ChatCompletionsQuirks } from './chat-completions-dialect.js';
import type { ChatRequestMessage } from './chat-completions-request-body.js';

/**
 * Checks that reasoning comes back where reasoning servers (DeepSeek, and others in thinking mode) require it:
 * the assistant message that echoes an answer with thinking and native tool calls (found by its tool call ids)
 * must carry that thinking, unchanged, in the same field it was sent in (`reasoning_content` or `reasoning`).
 * Answers without tool calls, or not in the transcript, are not checked.
 */
export function checkReasoningEcho(options: {
  messages: readonly ChatRequestMessage[];
  answers: readonly ChatCompletionsAnswer[];
  reasoningField: Exclude<ChatCompletionsQuirks['reasoningField'], 'none'>;
}): string[] {
  const { messages, answers, reasoningField } = options;
  const problems: string[] = [];
  for (const answer of answers) {
    if (answer.reasoning === undefined || answer.toolCalls.length === 0) continue;
    const ids = answer.toolCalls.map((call) => call.id);
    const index = messages.findIndex(
      (message) => message.role === 'assistant' && message.toolCalls.some((call) => ids.includes(call.id)),
    );
    const echo = messages[index];
    if (echo === undefined) continue;
    const received = echo.reasoning[reasoningField];
    if (received === answer.reasoning) continue;
    const otherField = reasoningField === 'reasoning' ? 'reasoning_content' : 'reasoning';
    const inOtherField = echo.reasoning[otherField] !== undefined ? ` (it has "${otherField}" instead)` : '';
    problems.push(
      `messages[${index}] echoes answer ${answer.id} (tool calls ${ids.join(', ')}) but ` +
        (received === undefined || received === null
          ? `has no "${reasoningField}"${inOtherField}`
          : `its "${reasoningField}" differs: received ${JSON.stringify(received)}`) +
        `; send back the reasoning as it was sent: ${JSON.stringify(answer.reasoning)}.`,
    );
  }
  return problems;
}
