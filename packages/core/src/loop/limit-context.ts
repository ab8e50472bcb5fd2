import type { Message, ToolResultPart } from '../model/messages.js';
import type { LoopEvent } from './loop-event.js';

/** `contextLimit` with its defaults applied. */
export interface ResolvedContextLimit {
  maxTokens: number;
  keepToolResults: number;
  excludeTools: ReadonlySet<string>;
}

/** The text a cleared tool result is sent as, in place of what the tool returned. */
export function clearedResultText(toolName: string): string {
  return `[Cleared to save context: this result of ${toolName} is no longer shown. Call the tool again if you need it.]`;
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
  const results = messages.flatMap((message) => (message.role === 'tool' ? message.content : []));
  const kept = new Set(
    results.slice(Math.max(0, results.length - limit.keepToolResults)).map((result) => result.toolCallId),
  );
  const clearing = results.filter(
    (result) =>
      !cleared.has(result.toolCallId) &&
      !kept.has(result.toolCallId) &&
      !limit.excludeTools.has(result.toolName),
  );
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
        `${clearing.length === 1 ? 'the result of 1 older tool call' : `the results of ${clearing.length} older tool calls`} ` +
        `(${ids}) are sent as a placeholder from now on, leaving about ${estimateTokens(after)} tokens.`,
    },
  };
}

/** A rough token count of messages, as a context limit compares it: four characters of their JSON to a token. */
export function estimateTokens(messages: readonly Message[]): number {
  return Math.ceil(JSON.stringify(messages).length / 4);
}

function withCleared(messages: readonly Message[], cleared: ReadonlySet<string>): Message[] {
  if (cleared.size === 0) return [...messages];
  return messages.map((message) =>
    message.role === 'tool' && message.content.some((result) => cleared.has(result.toolCallId))
      ? {
          ...message,
          content: message.content.map((result) => (cleared.has(result.toolCallId) ? clear(result) : result)),
        }
      : message,
  );
}

function clear(result: ToolResultPart): ToolResultPart {
  return {
    ...result,
    output: {
      content: [{ type: 'text', text: clearedResultText(result.toolName) }],
      ...(result.isError ? { isError: true } : {}),
    },
  };
}
