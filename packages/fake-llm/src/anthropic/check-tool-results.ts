import type { RequestMessage } from './messages-request-body.js';
import { createCopyMemo } from './create-copy-memo.js';

/**
 * Finds the tool-result mistakes the real API rejects: a `tool_use` not answered by a `tool_result` in the next
 * user message, and a `tool_result` that answers no `tool_use` of the assistant message before it.
 */
export function checkToolResults(messages: RequestMessage[]): Array<{
  type: 'missing-tool-result' | 'unexpected-tool-result';
  message: string;
}> {
  const problems: Array<{ type: 'missing-tool-result' | 'unexpected-tool-result'; message: string }> = [];
  for (const [index, message] of messages.entries()) {
    const previous = index > 0 ? messages[index - 1] : undefined;
    const toolUseIds = previous?.role === 'assistant' ? readIds(previous).toolUse : [];
    if (message.role === 'user') {
      for (const resultId of readIds(message).toolResult) {
        if (!toolUseIds.includes(resultId)) {
          problems.push({
            type: 'unexpected-tool-result',
            message: `messages[${index}] has a tool_result for '${resultId}', which no tool_use in messages[${index - 1}] has.`,
          });
        }
      }
    }
    if (message.role !== 'assistant') continue;
    const next = messages[index + 1];
    const resultIds = next?.role === 'user' ? readIds(next).toolResult : [];
    for (const id of readIds(message).toolUse) {
      if (resultIds.includes(id)) continue;
      problems.push({
        type: 'missing-tool-result',
        message: `messages[${index}] has a tool_use '${id}' with no tool_result in the next user message (messages[${index + 1}]).`,
      });
    }
  }
  return problems;
}

/** The ids of a message's `tool_use` blocks and those its `tool_result` blocks answer. */
interface MessageIds {
  toolUse: readonly string[];
  toolResult: readonly string[];
}

function readIds(message: RequestMessage): MessageIds {
  return idsOfContent(message.content, () => ({
    toolUse: listIds(message, 'tool_use', 'id'),
    toolResult: listIds(message, 'tool_result', 'tool_use_id'),
  }));
}

/** The ids of a message's content, read once for a frozen copy of the fake's (see `PromptCopies`). */
const idsOfContent = createCopyMemo<MessageIds>();

function listIds(message: RequestMessage, blockType: string, field: string): string[] {
  const ids: string[] = [];
  for (const block of message.content) {
    const value = block[field];
    if (block.type === blockType && typeof value === 'string') ids.push(value);
  }
  return ids;
}
