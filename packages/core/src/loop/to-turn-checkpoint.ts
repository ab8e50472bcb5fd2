import type { JsonValue } from '../json-value.js';
import type { SliceCodec } from './features/turn-feature.js';
import { sliceCodecs } from './features/turn-features.js';
import type { PendingApproval } from './paused-turn.js';
import type { ResponseStep } from './response-step.js';
import type { Turn } from './turn.js';
import type { FeatureSlices } from './turn-state.js';
import { checkpointVersion, type PausedTurn, type TurnCheckpoint } from './turn-checkpoint.js';

/**
 * The turn as it stands, as a checkpoint of plain JSON values that the turn no longer changes (its lists are
 * copies; the messages themselves are never changed once in the transcript).
 */
export function toTurnCheckpoint(turn: Turn): TurnCheckpoint {
  const { state, options } = turn;
  const features: Record<string, JsonValue> = {};
  for (const codec of sliceCodecs) features[codec.name] = saveSlice(codec, turn);
  const checkpoint: TurnCheckpoint = {
    version: checkpointVersion,
    messages: [...state.messages],
    state: {
      iterations: state.iterations,
      rounds: state.rounds,
      toolCalls: [...state.toolCalls],
      usage: state.usage,
      statusUsage: state.statusUsage,
      usageByModel: [...state.usageByModel],
      text: state.text,
      answerPaused: state.paused,
      lastRequestTokens: state.lastRequestTokens,
      sessionTokens: options.sessionTokens,
      elapsedMs: turn.elapsedMs(),
    },
    features,
  };
  const finalAnswerFor = state.finalAnswerFor;
  if (finalAnswerFor !== undefined) {
    checkpoint.state.finalAnswerFor =
      finalAnswerFor.detail === undefined
        ? { reason: finalAnswerFor.reason }
        : { reason: finalAnswerFor.reason, detail: finalAnswerFor.detail };
  }
  return checkpoint;
}

/** The checkpoint of a turn paused for approval: the step whose calls wait, and the calls. */
export function toPausedTurn(turn: Turn, step: ResponseStep, pending: PendingApproval[]): PausedTurn {
  return {
    ...toTurnCheckpoint(turn),
    pendingApprovals: pending,
    pausedStep: { toolNames: step.toolNames, step: step.info },
  };
}

function saveSlice<Name extends keyof FeatureSlices>(codec: SliceCodec<Name>, turn: Turn): JsonValue {
  return codec.save(turn.state.features[codec.name]);
}
