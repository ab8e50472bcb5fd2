import { statusAfterRound } from '../report-turn.js';
import type { TurnFeature } from './turn-feature.js';

/** `statusMessages`: after a round, a line for each call that was tried and failed, then one for all. */
export const statusLinesFeature: TurnFeature = {
  afterRound({ options, outbox }, { calls, outcomes }) {
    for (const event of statusAfterRound({ calls, outcomes, options })) outbox.push(event);
    return undefined;
  },
};
