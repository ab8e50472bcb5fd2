import type { TurnFeature } from './turn-feature.js';

/**
 * `explicitStop` and `unknownTool: 'stop'`: a response that calls the give-up tool, or a tool that does not exist
 * when unknown tools stop the turn, has its calls answered without running (`planToolCalls`), and the turn ends
 * after that round with `gave_up` or `unknown_tool`.
 */
export const stoppingCallsFeature: TurnFeature = {
  afterRound(_turn, { plan }) {
    return plan.stop === undefined ? undefined : { end: plan.stop };
  },
};
