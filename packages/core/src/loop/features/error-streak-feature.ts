import { extendErrorStreak, type ToolCallOutcome } from '../tool-call-outcome.js';
import { readCount } from './read-count.js';
import type { SliceCodec, TurnFeature } from './turn-feature.js';

/** Failed tool calls in a row, in call order across rounds, for `maxConsecutiveErrors`. */
export interface ErrorStreak {
  streak: number;
  /** Set once the streak has reached the limit, at any point of a round. */
  limitReached: boolean;
}

/** Counts a call's outcome: a failure that counts extends the streak, a success ends it, a refusal does neither. */
export function countOutcome(
  slice: ErrorStreak,
  outcome: ToolCallOutcome,
  maxConsecutiveErrors: number,
): void {
  slice.streak = extendErrorStreak(slice.streak, outcome);
  if (slice.streak >= maxConsecutiveErrors) slice.limitReached = true;
}

/** `maxConsecutiveErrors`: a round in which the streak reached the limit ends the turn. */
export const errorStreakFeature: TurnFeature = {
  afterRound({ state }) {
    return state.features.errorStreak.limitReached ? { end: { reason: 'consecutive_errors' } } : undefined;
  },
};

export const errorStreakCodec: SliceCodec<'errorStreak'> = {
  name: 'errorStreak',
  save: ({ streak }) => ({ streak }),
  // A checkpoint is taken between rounds, when a streak at the limit has already ended the turn.
  restore: (saved) => ({ streak: readCount(saved, 'streak'), limitReached: false }),
};
