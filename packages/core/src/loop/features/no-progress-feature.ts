import { readCount } from './read-count.js';
import type { SliceCodec, TurnFeature } from './turn-feature.js';

/** What `maxRepeatedCalls` and `maxRepeatedText` count. */
export interface RepetitionCounts {
  /** How often each tool was called with each input (by `toCallKey`). */
  callCounts: Map<string, number>;
  /** The last response's text, and how many responses in a row had it. */
  lastResponseText: string;
  textRepeats: number;
}

export function createRepetitionCounts(): RepetitionCounts {
  return { callCounts: new Map(), lastResponseText: '', textRepeats: 0 };
}

/** Counts a response's text: one more in a row when it repeats the last response's word for word. */
export function countResponseText(slice: RepetitionCounts, text: string): void {
  slice.textRepeats = text !== '' && text === slice.lastResponseText ? slice.textRepeats + 1 : 1;
  slice.lastResponseText = text;
}

/**
 * `maxRepeatedCalls`, `maxRepeatedText`: repeated calls are answered without running when the calls are planned
 * (`planToolCalls`); after that round, the model gives its answer without tools, and the turn ends `no_progress`.
 */
export const noProgressFeature: TurnFeature = {
  afterRound(_turn, { plan }) {
    return plan.noProgress === undefined
      ? undefined
      : { answer: { reason: 'no_progress', detail: plan.noProgress } };
  },
};

export const noProgressCodec: SliceCodec<'noProgress'> = {
  name: 'noProgress',
  save: ({ callCounts, lastResponseText, textRepeats }) => ({
    callCounts: [...callCounts],
    lastResponseText,
    textRepeats,
  }),
  restore: (saved) => {
    const { callCounts, lastResponseText } = (typeof saved === 'object' && saved !== null ? saved : {}) as {
      callCounts?: unknown;
      lastResponseText?: unknown;
    };
    return {
      callCounts: new Map(
        Array.isArray(callCounts)
          ? callCounts.filter(
              (entry): entry is [string, number] =>
                Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
            )
          : [],
      ),
      lastResponseText: typeof lastResponseText === 'string' ? lastResponseText : '',
      textRepeats: readCount(saved, 'textRepeats'),
    };
  },
};
