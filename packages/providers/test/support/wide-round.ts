import type { AssistantMessage, ToolMessage } from '@toolloop/core';

/**
 * A round of `count` tool calls and their results: an answer that asked for very many calls at once, more than a
 * spread into `push` takes (about 125,000 arguments).
 */
export function createWideRound(count: number): { calls: AssistantMessage; results: ToolMessage } {
  const ids = Array.from({ length: count }, (_unused, index) => `call_${index}`);
  return {
    calls: {
      role: 'assistant',
      content: ids.map((id, index) => ({ type: 'tool-call', id, name: 'echo', input: { n: index } })),
    },
    results: {
      role: 'tool',
      content: ids.map((id) => ({
        type: 'tool-result',
        toolCallId: id,
        toolName: 'echo',
        output: { content: [{ type: 'text', text: 'ok' }] },
        isError: false,
      })),
    },
  };
}
