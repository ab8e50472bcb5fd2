import { sliceCodecs } from './features/turn-features.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import type { FeatureSlices, TurnState } from './turn-state.js';

/**
 * Restores a checkpoint into a fresh turn state, made from the checkpoint's messages: the cycle's counts, then
 * each feature's slice.
 */
export function restoreTurnState(state: TurnState, checkpoint: TurnCheckpoint): void {
  const saved = checkpoint.state;
  state.iterations = saved.iterations;
  state.rounds = saved.rounds;
  state.toolCalls = [...saved.toolCalls];
  state.usage = saved.usage;
  state.statusUsage = saved.statusUsage;
  state.usageByModel = new Map(saved.usageByModel);
  state.text = saved.text;
  state.paused = saved.answerPaused;
  state.lastRequestTokens = saved.lastRequestTokens;
  if (saved.finalAnswerFor !== undefined) state.finalAnswerFor = { ...saved.finalAnswerFor };
  for (const codec of sliceCodecs) restoreSlice(codec, state, checkpoint.features[codec.name]);
}

function restoreSlice<Name extends keyof FeatureSlices>(
  codec: { name: Name; restore: (saved: unknown, state: TurnState) => FeatureSlices[Name] },
  state: TurnState,
  saved: unknown,
): void {
  state.features[codec.name] = codec.restore(saved, state);
}
