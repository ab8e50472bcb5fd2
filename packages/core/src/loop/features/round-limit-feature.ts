import type { TurnFeature } from './turn-feature.js';

/** `maxRounds`: after the last tool round it allows, the model gives its answer without tools. */
export const roundLimitFeature: TurnFeature = {
  afterRound({ state, options }) {
    return state.rounds >= options.maxRounds ? { answer: { reason: 'max_rounds' } } : undefined;
  },
};
