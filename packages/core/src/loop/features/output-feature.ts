import { readCount } from './read-count.js';
import type { SliceCodec } from './turn-feature.js';

/** What `output` keeps: the repair requests made (at most one), and the answer once parsed and validated. */
export interface OutputState {
  repairs: number;
  /** Set as the turn ends with its answer: never in a checkpoint. */
  value?: unknown;
}

export const outputCodec: SliceCodec<'output'> = {
  name: 'output',
  save: ({ repairs }) => ({ repairs }),
  restore: (saved) => ({ repairs: readCount(saved, 'repairs') }),
};
