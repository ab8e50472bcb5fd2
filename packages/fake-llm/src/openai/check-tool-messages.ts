import type { ChatRequestMessage } from './chat-completions-request-body.js';

/** A tool-result mistake in a chat completions transcript. */
export interface ToolMessageProblem {
  type: 'missing-tool-result' | 'unexpected-tool-result';
  message: string;
}

/**
 * Finds the tool-result mistakes real servers reject: an assistant `tool_calls` id not answered by a `tool`
 * message among the messages right after it, and a `tool` message whose `tool_call_id` is not a call of the
 * assistant message before it.
 */
export function checkToolMessages(messages: ChatRequestMessage[]): ToolMessageProblem[] {
  const problems: ToolMessageProblem[] = [];
  let lastAssistant: { index: number; ids: string[] } | undefined;
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool') {
      const id = message.toolCallId ?? '';
      if (lastAssistant?.ids.includes(id) !== true) {
        problems.push({
          type: 'unexpected-tool-result',
          message:
            `messages[${index}] is a tool message for '${id}', which is not a tool call of ` +
            `${lastAssistant === undefined ? 'any assistant message before it' : `messages[${lastAssistant.index}]`}.`,
        });
      }
      continue;
    }
    lastAssistant = undefined;
    if (message.role !== 'assistant' || message.toolCalls.length === 0) continue;
    lastAssistant = { index, ids: message.toolCalls.map((call) => call.id) };
    const answered = new Set<string>();
    for (const next of messages.slice(index + 1)) {
      if (next.role !== 'tool') break;
      answered.add(next.toolCallId ?? '');
    }
    for (const id of lastAssistant.ids) {
      if (answered.has(id)) continue;
      problems.push({
        type: 'missing-tool-result',
        message: `messages[${index}] has a tool call '${id}' with no tool message answering it right after.`,
      });
    }
  }
  return problems;
}
