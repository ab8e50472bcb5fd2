import type { RequestMessage } from './messages-request-body.js';

/** Whether any message holds a `tool_use` or `tool_result` block, which the Messages API accepts only with tools. */
export function hasToolBlocks(messages: RequestMessage[]): boolean {
  return messages.some((message) =>
    message.content.some((block) => block.type === 'tool_use' || block.type === 'tool_result'),
  );
}
