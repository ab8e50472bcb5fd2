import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

/** The text blocks of a tool result, joined. */
export function textOf(result: unknown): string {
  return CallToolResultSchema.parse(result)
    .content.map((block) => (block.type === 'text' ? block.text : ''))
    .join('');
}
