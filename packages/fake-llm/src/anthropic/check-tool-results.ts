import type { RequestMessage } from './messages-request-body.js';

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
    const toolUseIds = previous?.role === 'assistant' ? readIds(previous, 'tool_use', 'id') : [];
    if (message.role === 'user') {
      for (const resultId of readIds(message, 'tool_result', 'tool_use_id')) {
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
    const resultIds = next?.role === 'user' ? readIds(next, 'tool_result', 'tool_use_id') : [];
    for (const id of readIds(message, 'tool_use', 'id')) {
      if (resultIds.includes(id)) continue;
      problems.push({
        type: 'missing-tool-result',
        message: `messages[${index}] has a tool_use '${id}' with no tool_result in the next user message (messages[${index + 1}]).`,
      });
    }
  }
  return problems;
}

function readIds(message: RequestMessage, blockType: string, field: string): string[] {
  return message.content.flatMap((block) => {
    const value = block[field];
    return block.type === blockType && typeof value === 'string' ? [value] : [];
  });
}
