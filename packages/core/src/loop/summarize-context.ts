import { describeThrown } from '../internal/describe-thrown.js';
import type { Message, ToolOutput } from '../model/messages.js';
import type { Model } from '../model/model.js';
import type { Usage } from '../model/usage.js';
import type { ResolvedContextLimit } from './limit-context.js';
import { estimateTokens } from './limit-context.js';
import type { LoopEvent } from './loop-event.js';

/** The oldest part of a turn's messages, condensed: `text` stands for `messages.slice(0, upTo)`. */
export interface ContextSummary {
  upTo: number;
  text: string;
}

/** `contextLimit.summarize` with its defaults applied. */
export interface ResolvedSummarize {
  /** The model that writes the summary; the turn's own when none is given. */
  model?: Model;
  instructions: string;
  maxTokens: number;
}

export const defaultSummaryInstructions =
  'You condense the earlier part of a conversation between a user and an assistant that uses tools, so that ' +
  'the assistant can go on without it. Keep what the user asked for and every condition they set; every fact, ' +
  'number, name and identifier the tools returned that may still matter; what has been done, and what is left ' +
  'to do. Leave out what was superseded. Answer with the summary alone.';

/** How the summary opens the messages of the requests that follow it. */
export const summaryHeading = '[Summary of the earlier conversation, condensed to save context]';

type Warning = Extract<LoopEvent, { type: 'warning' }>;

/**
 * The messages of the next request when `contextLimit.summarize` is on. Once the messages (with the summary
 * written so far in place of what it stands for) are estimated past `maxTokens`, the oldest part — everything
 * before the rounds that hold the `keepToolResults` most recent results, and always before the latest round —
 * is condensed by one request to the summary model, and sent from then on as a user message that opens the
 * conversation. A round is never split, so every call keeps its result; the messages kept are sent unchanged,
 * thinking included. When there is nothing old enough to condense, or the summary request fails (but for the
 * turn being aborted), the messages are returned as they were, with a `context_summary_failed` warning and
 * `failed` for a failure: the tool results are then cleared as without `summarize`, for the rest of the turn.
 */
export async function summarizeContext({
  messages,
  limit,
  summarize,
  summary,
  model,
  signal,
  onUsage,
}: {
  messages: readonly Message[];
  limit: ResolvedContextLimit;
  summarize: ResolvedSummarize;
  /** The summary written so far in the turn, if any. */
  summary: ContextSummary | undefined;
  /** The turn's model, which writes the summary when `summarize.model` is not given. */
  model: Model;
  signal: AbortSignal;
  /** Called with the summary request's usage, and the model that answered it. */
  onUsage: (modelId: string, usage: Usage) => void;
}): Promise<{ messages: Message[]; summary?: ContextSummary; failed?: true; warning?: Warning }> {
  const current = withSummary(messages, summary);
  const estimated = estimateTokens(current);
  if (estimated <= limit.maxTokens) return { messages: current };
  const upTo = findCut(messages, limit);
  if (upTo === undefined || upTo <= (summary?.upTo ?? 0)) return { messages: current };
  const condensed = withSummary(messages.slice(0, upTo), summary);
  const summaryModel = summarize.model ?? model;
  let text: string;
  try {
    text = await requestSummary({ model: summaryModel, condensed, summarize, signal, onUsage });
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      messages: current,
      failed: true,
      warning: {
        type: 'warning',
        code: 'context_summary_failed',
        message: `The conversation was about ${estimated} tokens, past contextLimit.maxTokens (${limit.maxTokens}), and could not be condensed: ${describeThrown(error)} Older tool results are cleared instead.`,
      },
    };
  }
  const written = { upTo, text };
  const after = withSummary(messages, written);
  return {
    messages: after,
    summary: written,
    warning: {
      type: 'warning',
      code: 'context_summarized',
      message:
        `The conversation was about ${estimated} tokens, past contextLimit.maxTokens (${limit.maxTokens}): ` +
        `its ${condensed.length} oldest messages, about ${estimateTokens(condensed)} tokens, are sent as a summary of about ` +
        `${estimateTokens([{ role: 'user', content: text }])} tokens from now on, leaving about ${estimateTokens(after)} tokens.`,
    },
  };
}

/** The messages with the summary in place of the part it stands for. */
export function withSummary(messages: readonly Message[], summary: ContextSummary | undefined): Message[] {
  if (summary === undefined) return [...messages];
  return [{ role: 'user', content: `${summaryHeading}\n\n${summary.text}` }, ...messages.slice(summary.upTo)];
}

/**
 * Where the kept part begins: the assistant message of the oldest round that holds one of the `keepToolResults`
 * most recent results, or of the latest round when that keeps none. `undefined` when that is the first round:
 * there is no older round to condense.
 */
function findCut(messages: readonly Message[], limit: ResolvedContextLimit): number | undefined {
  const rounds = messages.flatMap((message, index) =>
    message.role === 'tool' && messages[index - 1]?.role === 'assistant' ? [index - 1] : [],
  );
  let kept = 0;
  let cut: number | undefined;
  for (const start of rounds.toReversed()) {
    if (cut !== undefined && kept >= limit.keepToolResults) break;
    cut = start;
    const results = messages[start + 1];
    kept += results?.role === 'tool' ? results.content.length : 0;
  }
  // Nothing before the first round is worth a summary request: no tool result would leave the requests.
  return cut === undefined || cut === rounds[0] ? undefined : cut;
}

async function requestSummary({
  model,
  condensed,
  summarize,
  signal,
  onUsage,
}: {
  model: Model;
  condensed: readonly Message[];
  summarize: ResolvedSummarize;
  signal: AbortSignal;
  onUsage: (modelId: string, usage: Usage) => void;
}): Promise<string> {
  let text = '';
  // A provider that sends whole blocks without deltas still gets its text read, once.
  let streamed = false;
  let finished = false;
  for await (const part of model.stream({
    system: summarize.instructions,
    messages: [{ role: 'user', content: renderTranscript(condensed) }],
    tools: [],
    maxTokens: summarize.maxTokens,
    signal,
  })) {
    if (part.type === 'text-delta') {
      text += part.text;
      streamed = true;
    }
    if (part.type === 'text') {
      if (!streamed) text += part.text;
      streamed = false;
    }
    if (part.type === 'finish') {
      finished = true;
      onUsage(model.modelId, part.usage);
      if (part.finishReason !== 'end') {
        throw new Error(`the summary request ended with '${part.finishReason}', not with an answer.`);
      }
    }
  }
  if (!finished) throw new Error('the summary request ended without its finish: it was cut off.');
  if (text.trim() === '') throw new Error('the summary model answered with no text.');
  return text.trim();
}

/** The conversation as text for the summary model: who said what, which tools were called and what they returned. */
export function renderTranscript(messages: readonly Message[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') {
      lines.push(`${speaker(message.role)}: ${message.content}`);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text') lines.push(`${speaker(message.role)}: ${part.text}`);
      if (part.type === 'tool-call') {
        lines.push(`Assistant called ${part.name} with ${JSON.stringify(part.input)}`);
      }
      if (part.type === 'tool-result') {
        lines.push(`${part.toolName} ${part.isError ? 'failed' : 'returned'}: ${outputText(part.output)}`);
      }
    }
  }
  return lines.join('\n\n');
}

function speaker(role: Message['role']): string {
  return role === 'assistant' ? 'Assistant' : 'User';
}

function outputText(output: ToolOutput): string {
  const parts = output.content.map((block) =>
    block.type === 'text'
      ? block.text
      : block.type === 'image'
        ? '[an image]'
        : block.type === 'resource'
          ? (block.text ?? `[${block.uri}]`)
          : `[${block.uri}]`,
  );
  if (parts.length === 0 && output.structuredContent !== undefined) {
    return JSON.stringify(output.structuredContent);
  }
  return parts.join('\n');
}
