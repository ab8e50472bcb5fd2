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
  // The first assistant message holding each tool call id, found in one pass (made at the first answer to check):
  // a script's answers accumulate over a conversation, and each request repeats the messages of the ones before.
  let messageOfCall: Map<string, number> | undefined;
  for (const answer of answers) {
    if (answer.reasoning === undefined || answer.toolCalls.length === 0) continue;
    messageOfCall ??= indexToolCalls(messages);
    const ids = answer.toolCalls.map((call) => call.id);
    let index = -1;
    for (const id of ids) {
      const found = messageOfCall.get(id);
      if (found !== undefined && (index === -1 || found < index)) index = found;
    }
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

/** The index of the first assistant message holding each tool call id. */
function indexToolCalls(messages: readonly ChatRequestMessage[]): Map<string, number> {
  const messageOfCall = new Map<string, number>();
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls) if (!messageOfCall.has(call.id)) messageOfCall.set(call.id, index);
  }
  return messageOfCall;
}
