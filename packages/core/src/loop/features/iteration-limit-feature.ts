import type { TurnFeature } from './turn-feature.js';

/**
 * `maxIterations`: no request past the limit. One more is kept for the last answer a cap asks for, so a model
 * that keeps pausing its answer still cannot spin, and the cap never takes that answer away.
 */
export const iterationLimitFeature: TurnFeature = {
  beforeRequest({ state, options }) {
    const allowed = options.maxIterations + (state.finalAnswerFor === undefined ? 0 : 1);
    return state.iterations >= allowed ? { end: { reason: 'max_iterations' } } : undefined;
  },
};
