import { describeThrown } from '../internal/describe-thrown.js';
import type { Message } from '../model/messages.js';
import type { Model } from '../model/model.js';
import type { Usage } from '../model/usage.js';
import type { ResolvedContextLimit } from './limit-context.js';
import { estimateTokens } from './limit-context.js';
import { outputText, renderTranscript } from './render-transcript.js';
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
 * before the rounds that hold the `keepToolResults` most recent results (not counting those of `excludeTools`),
 * and always before the latest round — is condensed by one request to the summary model, and sent from then on
 * as a user message that opens the conversation, followed word for word by the results of `excludeTools` it
 * held. A round is never split, nor a paused response from its continuation, so every call keeps its result;
 * the messages kept are sent unchanged, thinking included. Nothing is condensed when only the turn's first
 * message comes before the first round. When the summary request fails, or the token budget has no room for it
 * (but not when the turn is aborted), the messages are returned as they were, with a `context_summary_failed`
 * warning and `failed`: the tool results are then cleared as without `summarize`, for the rest of the turn.
 */
export async function summarizeContext({
  messages,
  limit,
  summarize,
  summary,
  model,
  tokensLeft,
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
  /** The tokens the turn's budget has left (`Infinity` without one): a summary that may not fit is not asked for. */
  tokensLeft: number;
  signal: AbortSignal;
  /** Called with the summary request's usage, and the model that answered it. */
  onUsage: (modelId: string, usage: Usage) => void;
}): Promise<{ messages: Message[]; summary?: ContextSummary; failed?: true; warnings: Warning[] }> {
  const current = withSummary(messages, summary);
  const estimated = estimateTokens(current);
  if (estimated <= limit.maxTokens) return { messages: current, warnings: [] };
  const upTo = findCut(messages, limit);
  if (upTo === undefined || upTo <= (summary?.upTo ?? 0)) return { messages: current, warnings: [] };
  const condensed = withSummary(messages.slice(0, upTo), summary);
  const warnings: Warning[] = [];
  const failed = (why: string) => ({
    messages: current,
    failed: true as const,
    warnings: [
      ...warnings,
      {
        type: 'warning' as const,
        code: 'context_summary_failed',
        message: `The conversation was about ${estimated} tokens, past contextLimit.maxTokens (${limit.maxTokens}), and could not be condensed: ${why} No summary is tried again in this turn; older tool results are cleared instead.`,
      },
    ],
  });
  const transcript = renderTranscript(condensed);
  const cost =
    estimateTokens([{ role: 'user', content: summarize.instructions + transcript }]) + summarize.maxTokens;
  if (cost > tokensLeft) {
    return failed(
      `the summary would take about ${cost} tokens, and the token budget has ${Math.max(0, tokensLeft)} left.`,
    );
  }
  let text: string;
  try {
    text = await requestSummary({
      model: summarize.model ?? model,
      transcript,
      summarize,
      signal,
      onUsage,
      onWarning: (warning) => warnings.push(warning),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return failed(describeThrown(error));
  }
  const written = { upTo, text: withExcludedResults(text, messages.slice(0, upTo), limit) };
  const after = withSummary(messages, written);
  warnings.push({
    type: 'warning',
    code: 'context_summarized',
    message:
      `The conversation was about ${estimated} tokens, past contextLimit.maxTokens (${limit.maxTokens}): ` +
      `the ${upTo - (summary?.upTo ?? 0)} messages before the rounds kept${summary === undefined ? '' : ', with the summary before them,'} (about ${estimateTokens(condensed)} tokens) are sent as a summary of about ` +
      `${estimateTokens([after[0] as Message])} tokens from now on, leaving about ${estimateTokens(after)} tokens.`,
  });
  return { messages: after, summary: written, warnings };
}

/**
 * The summary, then every result of `excludeTools` among the messages it stands for, word for word: those are
 * never condensed, as they are never cleared.
 */
function withExcludedResults(
  text: string,
  condensed: readonly Message[],
  limit: ResolvedContextLimit,
): string {
  const excluded = condensed.flatMap((message) =>
    message.role === 'tool'
      ? message.content.filter((result) => limit.excludeTools.has(result.toolName))
      : [],
  );
  return [
    text,
    ...excluded.map(
      (result) =>
        `[Kept word for word: what ${result.toolName} ${result.isError ? 'answered with an error' : 'returned'}]\n${outputText(result.output)}`,
    ),
  ].join('\n\n');
}

/**
 * The messages with the summary in place of the part it stands for. A summary's message is made once and sent
 * again with every later request, so what is kept of the conversation from request to request (its conversion,
 * its count) is kept after a summary too.
 */
export function withSummary(messages: readonly Message[], summary: ContextSummary | undefined): Message[] {
  if (summary === undefined) return [...messages];
  return [summaryMessage(summary), ...messages.slice(summary.upTo)];
}

const summaryMessages = new WeakMap<ContextSummary, { text: string; message: Message }>();

function summaryMessage(summary: ContextSummary): Message {
  const made = summaryMessages.get(summary);
  if (made?.text === summary.text) return made.message;
  const message: Message = { role: 'user', content: `${summaryHeading}\n\n${summary.text}` };
  summaryMessages.set(summary, { text: summary.text, message });
  return message;
}

/**
 * Where the kept part begins: the assistant message of the oldest round that holds one of the `keepToolResults`
 * most recent results (those of `excludeTools` not counted), or of the latest round when that keeps none; moved
 * back over a paused response that the round's message continues. `undefined` when nothing but the turn's first
 * message would come before it.
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
    if (results?.role === 'tool') {
      kept += results.content.filter((result) => !limit.excludeTools.has(result.toolName)).length;
    }
  }
  while (cut !== undefined && messages[cut - 1]?.role === 'assistant') cut -= 1;
  // With only the turn's first message before it, a summary would save nothing.
  return cut === undefined || cut <= 1 ? undefined : cut;
}

async function requestSummary({
  model,
  transcript,
  summarize,
  signal,
  onUsage,
  onWarning,
}: {
  model: Model;
  transcript: string;
  summarize: ResolvedSummarize;
  signal: AbortSignal;
  onUsage: (modelId: string, usage: Usage) => void;
  /** Called with each warning the summary model's provider streams, such as a setting it does not take. */
  onWarning: (warning: Warning) => void;
}): Promise<string> {
  let text = '';
  // A provider that sends whole blocks without deltas still gets its text read, once.
  let streamed = false;
  let finished = false;
  for await (const part of model.stream({
    system: summarize.instructions,
    messages: [{ role: 'user', content: transcript }],
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
    if (part.type === 'warning') onWarning({ type: 'warning', code: part.code, message: part.message });
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
