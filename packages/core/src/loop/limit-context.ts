import { createConversationMemo } from '../model/create-conversation-memo.js';
import { createPartMemo } from '../model/create-part-memo.js';
import type { Message, ToolMessage, ToolResultPart } from '../model/messages.js';
import type { LoopEvent } from './loop-event.js';
import type { ResolvedSummarize } from './summarize-context.js';

/** `contextLimit` with its defaults applied. */
export interface ResolvedContextLimit {
  maxTokens: number;
  keepToolResults: number;
  excludeTools: ReadonlySet<string>;
  summarize?: ResolvedSummarize;
}

/**
 * The text a cleared tool result is sent as, in place of what the tool returned; a cleared error result does not
 * invite the model to call again.
 */
export function clearedResultText(toolName: string, isError: boolean): string {
  return isError
    ? `[Cleared to save context: this error of ${toolName} is no longer shown.]`
    : `[Cleared to save context: this result of ${toolName} is no longer shown. Call the tool again if you need it.]`;
}

/**
 * The messages of the next request under a context limit. The results already cleared in this turn stay
 * cleared (so the requests keep one prefix, for the prompt cache). When the messages are still estimated past
 * `maxTokens`, every older result is cleared too, all but the `keepToolResults` most recent and those of
 * `excludeTools`, and a `tool_results_cleared` warning says which. A cleared result keeps its call id, tool name
 * and error flag, so every call still has its result; the calls themselves and the model's thinking are never
 * touched. The turn's own transcript (`result.messages`) keeps every result whole.
 */
export function limitContext({
  messages,
  limit,
  cleared,
}: {
  messages: readonly Message[];
  limit: ResolvedContextLimit | undefined;
  /** The call ids of the results cleared so far in the turn; the newly cleared ones are added. */
  cleared: Set<string>;
}): { messages: Message[]; warning?: Extract<LoopEvent, { type: 'warning' }> } {
  if (limit === undefined) return { messages: [...messages] };
  const before = withCleared(messages, cleared);
  const estimated = estimateTokens(before);
  if (estimated <= limit.maxTokens) return { messages: before };
  // The latest round's results are always kept: the model has not read them yet.
  const lastRound = messages.findLastIndex((message) => message.role === 'tool');
  const clearable = messages
    .slice(0, Math.max(0, lastRound))
    .flatMap((message) => (message.role === 'tool' ? message.content : []))
    .filter((result) => !cleared.has(result.toolCallId) && !limit.excludeTools.has(result.toolName));
  const clearing = clearable.slice(0, Math.max(0, clearable.length - keptBeforeLastRound(messages, limit)));
  if (clearing.length === 0) return { messages: before };
  for (const result of clearing) cleared.add(result.toolCallId);
  const after = withCleared(messages, cleared);
  const ids = clearing.map((result) => result.toolCallId).join(', ');
  return {
    messages: after,
    warning: {
      type: 'warning',
      code: 'tool_results_cleared',
      message:
        `The conversation was about ${estimated} tokens, past contextLimit.maxTokens (${limit.maxTokens}): ` +
        `${clearing.length === 1 ? `the result of 1 older tool call (${ids}) is` : `the results of ${clearing.length} older tool calls (${ids}) are`} ` +
        `sent as a placeholder from now on, leaving about ${estimateTokens(after)} tokens.`,
    },
  };
}

/**
 * How many results before the latest round stay whole besides it: `keepToolResults` counts the latest round's
 * own results (non-excluded ones) first.
 */
function keptBeforeLastRound(messages: readonly Message[], limit: ResolvedContextLimit): number {
  const last = messages.findLast((message) => message.role === 'tool');
  const inLastRound = (last?.role === 'tool' ? last.content : []).filter(
    (result) => !limit.excludeTools.has(result.toolName),
  ).length;
  return Math.max(0, limit.keepToolResults - inLastRound);
}

/**
 * A rough token count of messages, as a context limit compares it: four characters to a token of what the model
 * reads — text, thinking, tool names and inputs, tool output — and about 1,600 tokens an image (the Messages
 * API's count for an image of about a megapixel). Signatures and other provider data are not counted. A loop
 * asks before every request with the conversation of the last one and more: the messages, from the first, that
 * are the same objects holding the same values as last time (`createConversationMemo`) keep their count, and each
 * other part's count is kept while the part stays the same (`createPartMemo`), so a round counts what it added.
 */
export function estimateTokens(messages: readonly Message[]): number {
  return countedConversations.use(messages, (totals, unchanged) => {
    totals.length = unchanged;
    let characters = unchanged === 0 ? 0 : (totals[unchanged - 1] ?? 0);
    for (let index = unchanged; index < messages.length; index += 1) {
      characters += messageCharacters(messages[index] as Message);
      totals.push(characters);
    }
    return { result: Math.ceil(characters / 4), redoneFrom: unchanged };
  });
}

/** The characters of each conversation up to and including each of its messages, as last counted. */
const countedConversations = createConversationMemo<number[]>(() => []);

function messageCharacters(message: Message): number {
  if (typeof message.content === 'string') return message.content.length;
  let characters = 0;
  for (const part of message.content) characters += partCharacters.get(part, readableCharacters);
  return characters;
}

/** The characters each part was counted at: shared by every turn, held weakly. */
const partCharacters = createPartMemo<number>();

const imageCharacters = 1_600 * 4;

function readableCharacters(part: Exclude<Message['content'], string>[number]): number {
  switch (part.type) {
    case 'text':
    case 'thinking':
      return part.text.length;
    case 'redacted-thinking':
      return part.data.length;
    case 'tool-call':
      return part.name.length + JSON.stringify(part.input).length;
    case 'tool-result': {
      const { content, structuredContent } = part.output;
      if (content.length === 0 && structuredContent !== undefined)
        return JSON.stringify(structuredContent).length;
      return content.reduce(
        (sum, block) =>
          sum +
          (block.type === 'text'
            ? block.text.length
            : block.type === 'image'
              ? imageCharacters
              : block.type === 'resource'
                ? (block.text?.length ?? (block.blob === undefined ? 0 : imageCharacters)) + block.uri.length
                : block.uri.length + (block.name?.length ?? 0) + (block.description?.length ?? 0)),
        0,
      );
    }
    default: {
      const unexpected: never = part;
      throw new Error(`Unknown message part ${JSON.stringify(unexpected)}`);
    }
  }
}

function withCleared(messages: readonly Message[], cleared: ReadonlySet<string>): Message[] {
  if (cleared.size === 0) return [...messages];
  return messages.map((message) =>
    message.role === 'tool' && message.content.some((result) => cleared.has(result.toolCallId))
      ? clearedMessage(message, cleared)
      : message,
  );
}

/**
 * A tool message with its cleared results' placeholders, made once for the message as it is and the results
 * cleared in it: each later request sends the very same message, whose conversion and count (kept while a
 * message is the same object holding the same values) are then kept too.
 */
function clearedMessage(message: ToolMessage, cleared: ReadonlySet<string>): ToolMessage {
  let which = '';
  for (const result of message.content) which += cleared.has(result.toolCallId) ? '1' : '0';
  const kept = clearedMessages.get(message, () => ({ which: '', made: message }));
  if (kept.which !== which) {
    kept.which = which;
    kept.made = {
      ...message,
      content: message.content.map((result) =>
        cleared.has(result.toolCallId) ? clearedResults.get(result, clear) : result,
      ),
    };
  }
  return kept.made;
}

/**
 * For each tool message as it is (one edited in place is made again): which of its results were cleared, in
 * order, and the message made with them.
 */
const clearedMessages = createPartMemo<{ which: string; made: ToolMessage }>();

/**
 * The placeholder of each cleared result, made once while the result stays the same: every later request sends
 * the same part, whose conversion and count are then kept too.
 */
const clearedResults = createPartMemo<ToolResultPart>();

function clear(result: ToolResultPart): ToolResultPart {
  return {
    ...result,
    output: {
      content: [{ type: 'text', text: clearedResultText(result.toolName, result.isError) }],
      ...(result.isError ? { isError: true } : {}),
    },
  };
}
