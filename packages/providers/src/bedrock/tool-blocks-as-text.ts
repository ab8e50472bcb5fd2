import type { ContentBlock, Message as BedrockMessage } from '@aws-sdk/client-bedrock-runtime';

/**
 * Messages whose tool calls and results are written as text, for a request that offers no tools: Bedrock refuses
 * `toolUse` and `toolResult` blocks without a `toolConfig` ("The toolConfig field must be defined when using
 * toolUse and toolResult content blocks"), and a later turn may have no tools (a server gone, a plain question).
 * Returns the messages unchanged when they hold neither.
 */
export function toolBlocksAsText(messages: BedrockMessage[]): {
  messages: BedrockMessage[];
  changed: boolean;
} {
  const holdsToolBlocks = messages.some((message) =>
    (message.content ?? []).some((block) => block.toolUse !== undefined || block.toolResult !== undefined),
  );
  if (!holdsToolBlocks) return { messages, changed: false };
  const rewritten = messages.map((message) => ({
    ...message,
    content: (message.content ?? []).map((block): ContentBlock => {
      if (block.toolUse !== undefined) {
        const { name, input } = block.toolUse;
        return { text: `[Called the tool ${name ?? '?'} with ${JSON.stringify(input ?? {})}]` };
      }
      if (block.toolResult !== undefined) {
        const texts = (block.toolResult.content ?? []).map((part) => {
          if (part.text !== undefined) return part.text;
          if (part.json !== undefined) return JSON.stringify(part.json);
          // What text cannot carry is named, so the model knows it was there.
          if (part.image !== undefined) return '(an image)';
          if (part.document !== undefined)
            return `(a document${part.document.name === undefined ? '' : `, ${part.document.name}`})`;
          return '(content that cannot be written as text)';
        });
        const verb = block.toolResult.status === 'error' ? 'failed' : 'returned';
        return {
          text: `[The tool ${verb}: ${texts.filter((text) => text !== '').join('\n') || '(nothing)'}]`,
        };
      }
      return block;
    }),
  }));
  return { messages: rewritten, changed: true };
}
