import type { ChatRequestMessage } from './chat-completions-request-body.js';

/** A tool-result mistake in a chat completions transcript, and the message it is at. */
export type ToolMessageProblem =
  /** An assistant `tool_calls` id with no `tool` message among the messages right after it. */
  | { type: 'missing-tool-result'; index: number; message: string }
  /** A `tool` message right after an assistant message with `tool_calls`, for none of them. */
  | { type: 'unexpected-tool-result'; index: number; message: string }
  /** A `tool` message with no assistant message with `tool_calls` right before it (other tool messages aside). */
  | { type: 'no-tool-calls-before'; index: number; message: string };

/**
 * Finds the tool-result mistakes real servers reject: an assistant `tool_calls` id not answered by a `tool`
 * message among the messages right after it, a `tool` message whose `tool_call_id` is not a call of the
 * assistant message before it, and a `tool` message that follows no assistant message with `tool_calls` at all.
 */
export function checkToolMessages(messages: readonly ChatRequestMessage[]): ToolMessageProblem[] {
  const problems: ToolMessageProblem[] = [];
  let lastAssistant: { index: number; ids: string[] } | undefined;
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool') {
      const id = message.toolCallId ?? '';
      if (lastAssistant === undefined) {
        problems.push({
          type: 'no-tool-calls-before',
          index,
          message: `messages[${index}] is a tool message for '${id}', but no assistant message with tool_calls comes right before it.`,
        });
      } else if (!lastAssistant.ids.includes(id)) {
        problems.push({
          type: 'unexpected-tool-result',
          index,
          message: `messages[${index}] is a tool message for '${id}', which is not a tool call of messages[${lastAssistant.index}].`,
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
        index,
        message: `messages[${index}] has a tool call '${id}' with no tool message answering it right after.`,
      });
    }
  }
  return problems;
}
