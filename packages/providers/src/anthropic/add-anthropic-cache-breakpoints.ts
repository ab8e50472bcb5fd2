import type {
  CacheControlEphemeral,
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  TextBlockParam,
} from '@anthropic-ai/sdk/resources/messages';

/**
 * Marks the stable prefix of a request for prompt caching, in the order the API builds its cache (tools, then
 * system, then messages), with at most four breakpoints (the API's limit; its prompt caching guide: "You can
 * define up to 4 cache breakpoints"): the last tool, the system prompt, the end of the previous request's
 * conversation (the message before the last assistant message) and the end of this one's.
 * So each request reads what the one before it wrote, however many blocks a round added (the API looks back
 * only about 20 blocks from a breakpoint for an earlier entry), and writes its own prefix for the next one.
 *
 * The round's line of the system prompt (`volatileSystemSuffix`, the progressive prompt's) changes every request,
 * and anything that changes before a breakpoint invalidates it: it goes after the last breakpoint instead, as a
 * text block at the end of the last user message. Thinking and redacted thinking blocks cannot carry
 * `cache_control` (the API refuses it), nor can empty text blocks; a breakpoint goes on the last block that can.
 */
export function addAnthropicCacheBreakpoints({
  params,
  volatileSystemSuffix,
  ttl,
}: {
  params: MessageCreateParamsStreaming;
  volatileSystemSuffix?: string | undefined;
  ttl?: '5m' | '1h' | undefined;
}): MessageCreateParamsStreaming {
  const cacheControl: CacheControlEphemeral =
    ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl };
  const messages = [...params.messages];
  const lastIndex = messages.length - 1;
  const { system, roundLine } = splitRoundLine({ params, volatileSystemSuffix });

  const marked: MessageCreateParamsStreaming = { ...params, messages };
  const lastTool = params.tools?.at(-1);
  if (params.tools !== undefined && lastTool !== undefined) {
    marked.tools = [...params.tools.slice(0, -1), { ...lastTool, cache_control: cacheControl }];
  }
  if (typeof params.system === 'string') {
    if (system === undefined || system === '') delete marked.system;
    else marked.system = [{ type: 'text', text: system, cache_control: cacheControl }];
  }
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  const previousEnd = messages[lastAssistant - 1];
  if (lastAssistant > 0 && previousEnd !== undefined) {
    messages[lastAssistant - 1] = markLastBlock({ message: previousEnd, cacheControl });
  }
  const last = messages[lastIndex];
  if (last !== undefined) messages[lastIndex] = markLastBlock({ message: last, cacheControl, roundLine });
  return marked;
}

/** The message with the breakpoint on its last block that can carry one, and the round's line after it. */
function markLastBlock({
  message,
  cacheControl,
  roundLine,
}: {
  message: MessageParam;
  cacheControl: CacheControlEphemeral;
  roundLine?: string | undefined;
}): MessageParam {
  const content: ContentBlockParam[] =
    typeof message.content === 'string'
      ? [{ type: 'text', text: message.content }]
      : [...(message.content as ContentBlockParam[])];
  const index = content.findLastIndex(canCarryCacheControl);
  const block = content[index];
  if (block !== undefined) content[index] = { ...block, cache_control: cacheControl } as ContentBlockParam;
  if (roundLine !== undefined) content.push({ type: 'text', text: roundLine } satisfies TextBlockParam);
  return { ...message, content } as MessageParam;
}

function canCarryCacheControl(block: ContentBlockParam): boolean {
  if (block.type === 'thinking' || block.type === 'redacted_thinking') return false;
  return block.type !== 'text' || block.text !== '';
}

/**
 * The system prompt without the round's line at its end, and that line, when it can go at the end of the last
 * message instead (a user message); otherwise the system prompt as it is and no line to move.
 */
export function splitRoundLine({
  params,
  volatileSystemSuffix,
}: {
  params: MessageCreateParamsStreaming;
  volatileSystemSuffix?: string | undefined;
}): { system: string | undefined; roundLine: string | undefined } {
  const system = typeof params.system === 'string' ? params.system : undefined;
  if (
    volatileSystemSuffix === undefined ||
    volatileSystemSuffix === '' ||
    system?.endsWith(volatileSystemSuffix) !== true ||
    params.messages.at(-1)?.role !== 'user'
  ) {
    return { system, roundLine: undefined };
  }
  return {
    system: system.slice(0, system.length - volatileSystemSuffix.length).replace(/\n\n$/, ''),
    roundLine: volatileSystemSuffix,
  };
}

/**
 * For a request without cache breakpoints that still needs a stable system prompt (a message thread fixes it):
 * the round's line moved from the end of the system prompt to a text block at the end of the last user message.
 */
export function moveRoundLineToLastMessage({
  params,
  volatileSystemSuffix,
}: {
  params: MessageCreateParamsStreaming;
  volatileSystemSuffix?: string | undefined;
}): MessageCreateParamsStreaming {
  const { system, roundLine } = splitRoundLine({ params, volatileSystemSuffix });
  const last = params.messages.at(-1);
  if (roundLine === undefined || last === undefined) return params;
  const content: ContentBlockParam[] =
    typeof last.content === 'string'
      ? [{ type: 'text', text: last.content }]
      : [...(last.content as ContentBlockParam[])];
  content.push({ type: 'text', text: roundLine } satisfies TextBlockParam);
  const moved: MessageCreateParamsStreaming = {
    ...params,
    messages: [...params.messages.slice(0, -1), { ...last, content } as MessageParam],
  };
  if (system === undefined || system === '') delete moved.system;
  else moved.system = system;
  return moved;
}
