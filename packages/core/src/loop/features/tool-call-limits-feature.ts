import { readCount } from './read-count.js';
import type { SliceCodec, TurnFeature } from './turn-feature.js';

/** The tool calls that ran, for `maxToolCalls`: in this turn (`message`) and in the session, this turn included. */
export interface ToolCallCounts {
  message: number;
  session: number;
}

/**
 * `maxToolCalls`: a call past a limit is answered without running when the calls are planned (`planToolCalls`);
 * after that round, the model gives its answer without tools.
 */
export const toolCallLimitsFeature: TurnFeature = {
  afterRound(_turn, { plan }) {
    return plan.limitReached === undefined ? undefined : { answer: { reason: plan.limitReached } };
  },
};

export const toolCallLimitsCodec: SliceCodec<'toolCallLimits'> = {
  name: 'toolCallLimits',
  save: ({ message, session }) => ({ message, session }),
  restore: (saved) => ({ message: readCount(saved, 'message'), session: readCount(saved, 'session') }),
};
