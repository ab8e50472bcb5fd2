import { limitContext, type ResolvedContextLimit } from '../limit-context.js';
import {
  summarizeContext,
  withSummary,
  type ContextSummary,
  type ResolvedSummarize,
} from '../summarize-context.js';
import { budgetsLeft } from '../token-budget.js';
import type { Turn } from '../turn.js';
import { addModelUsage } from '../turn-state.js';
import type { SliceCodec, TurnFeature, Verdict } from './turn-feature.js';

/** What `contextLimit` keeps across rounds, so that every request of the turn starts with the same prefix. */
export interface ContextState {
  /** The call ids of the results cleared from the turn's requests. */
  cleared: Set<string>;
  /** The summary `contextLimit.summarize` sends in place of the oldest messages, once written. */
  summary?: ContextSummary;
  /** The summary request failed: older results are cleared instead for the rest of the turn. */
  summaryFailed?: true;
}

/**
 * `contextLimit`: before a request (and before the budget check, which then counts the summary request's
 * tokens), the oldest messages are condensed into a summary once they pass the limit (`summarize`; after a failed
 * summary request no other is tried in the turn); the request then sends the summary in their place, and older
 * tool results cleared while the messages are still past the limit. The transcript itself keeps everything.
 */
export const contextLimitFeature: TurnFeature = {
  beforeRequest(turn) {
    const limit = turn.options.contextLimit;
    // Without a summary to write (none asked for, or its request failed), nothing is waited for.
    if (limit?.summarize === undefined || turn.state.features.contextLimit.summaryFailed === true)
      return undefined;
    return summarizeBeforeRequest(turn, limit, limit.summarize);
  },
  prepareRequest({ state, options, outbox }, draft) {
    const { summary, cleared } = state.features.contextLimit;
    const context = limitContext({
      messages: withSummary(state.messages, summary),
      limit: options.contextLimit,
      cleared,
    });
    if (context.warning !== undefined) outbox.push(context.warning);
    draft.messages = context.messages;
  },
};

/** Writes the summary when the messages have passed the limit, and keeps it (or that it failed) for the turn. */
async function summarizeBeforeRequest(
  turn: Turn,
  limit: ResolvedContextLimit,
  summarize: ResolvedSummarize,
): Promise<Verdict> {
  const { state, options, signal } = turn;
  const slice = state.features.contextLimit;
  const summarized = await summarizeContext({
    messages: state.messages,
    limit,
    summarize,
    summary: slice.summary,
    model: options.model,
    tokensLeft: Math.min(...Object.values(budgetsLeft(turn))),
    signal,
    onUsage: (modelId, usage) => {
      addModelUsage(state, modelId, usage);
    },
  });
  if (summarized.summary !== undefined) slice.summary = summarized.summary;
  if (summarized.failed === true) slice.summaryFailed = true;
  turn.outbox.push(...summarized.warnings);
  return undefined;
}

export const contextLimitCodec: SliceCodec<'contextLimit'> = {
  name: 'contextLimit',
  save: ({ cleared, summary, summaryFailed }) => ({
    cleared: [...cleared],
    ...(summary === undefined ? {} : { summary: { upTo: summary.upTo, text: summary.text } }),
    ...(summaryFailed === undefined ? {} : { summaryFailed }),
  }),
  restore: (saved, state) => {
    const { cleared, summary, summaryFailed } = (
      typeof saved === 'object' && saved !== null ? saved : {}
    ) as {
      cleared?: unknown;
      summary?: { upTo?: unknown; text?: unknown };
      summaryFailed?: unknown;
    };
    const slice: ContextState = {
      cleared: new Set(Array.isArray(cleared) ? cleared.filter((id) => typeof id === 'string') : []),
    };
    // A summary stands for messages before the last one; one that does not (edited by hand) is written anew.
    const upTo = summary?.upTo;
    if (
      typeof summary?.text === 'string' &&
      typeof upTo === 'number' &&
      Number.isInteger(upTo) &&
      upTo > 0 &&
      upTo < state.messages.length
    ) {
      slice.summary = { upTo, text: summary.text };
    }
    if (summaryFailed === true) slice.summaryFailed = true;
    return slice;
  },
};
