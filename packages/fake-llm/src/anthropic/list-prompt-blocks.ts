/** One block of a Messages API prompt, where it sits, and the `cache_control` values it and its content carry. */
export interface PromptBlock {
  /** The block's path as the API names it in errors: `tools.0`, `system.1`, `messages.2.content.0`. */
  location: string;
  /** What keys the block in the prompt's order: `tool`, `system`, or the message's index and role. */
  label: string;
  type: string;
  block: Record<string, unknown>;
  /** The block's own `cache_control` (`''` below) and those inside a `tool_result`'s content, by sub-path. */
  cacheControls: Array<{ path: string; value: unknown }>;
}

/**
 * The blocks of a request's prompt in the order the API caches them — tools, then the system prompt, then the
 * messages — with a string `system` or message content read as one text block, as the API reads it.
 */
export function listPromptBlocks(fields: {
  tools?: unknown;
  system?: unknown;
  messages: unknown[];
}): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  for (const [index, tool] of asList(fields.tools).entries()) {
    if (isRecord(tool))
      blocks.push(toPromptBlock({ location: `tools.${index}`, label: 'tool', block: tool }));
  }
  const system = typeof fields.system === 'string' ? [{ type: 'text', text: fields.system }] : fields.system;
  for (const [index, block] of asList(system).entries()) {
    if (isRecord(block)) blocks.push(toPromptBlock({ location: `system.${index}`, label: 'system', block }));
  }
  for (const [messageIndex, message] of fields.messages.entries()) {
    if (!isRecord(message)) continue;
    const content =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    for (const [index, block] of asList(content).entries()) {
      if (!isRecord(block)) continue;
      blocks.push(
        toPromptBlock({
          location: `messages.${messageIndex}.content.${index}`,
          label: `message ${messageIndex} ${String(message.role)}`,
          block,
        }),
      );
    }
  }
  return blocks;
}

function toPromptBlock(options: {
  location: string;
  label: string;
  block: Record<string, unknown>;
}): PromptBlock {
  const { block } = options;
  const cacheControls: PromptBlock['cacheControls'] = [];
  if (block.cache_control !== undefined && block.cache_control !== null)
    cacheControls.push({ path: '', value: block.cache_control });
  if (block.type === 'tool_result') {
    for (const [index, inner] of asList(block.content).entries()) {
      if (isRecord(inner) && inner.cache_control !== undefined && inner.cache_control !== null)
        cacheControls.push({ path: `.tool_result.content.${index}`, value: inner.cache_control });
    }
  }
  return {
    ...options,
    type: typeof block.type === 'string' ? block.type : 'tool',
    cacheControls,
  };
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
