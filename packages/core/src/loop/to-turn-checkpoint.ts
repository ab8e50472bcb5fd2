import type { JsonValue } from '../json-value.js';
import type { SliceCodec } from './features/turn-feature.js';
import { sliceCodecs } from './features/turn-features.js';
import type { PendingApproval } from './paused-turn.js';
import type { ResponseStep } from './response-step.js';
import type { Turn } from './turn.js';
import type { FeatureSlices, TurnState } from './turn-state.js';
import type { Message } from '../model/messages.js';
import type { ToolCallRecord } from './loop-result.js';
import {
  checkpointVersion,
  type PausedTurn,
  type RunningStep,
  type TurnCheckpoint,
} from './turn-checkpoint.js';

/**
 * Copies of the transcript's messages and of the recorded calls, made once each: both only grow, so a checkpoint
 * copies what is new since the last one, and a host that changes the checkpoint it was given changes no part of
 * the turn. The messages the caller gave are its own already (the turn never changes them): they are handed back
 * as they are, so a checkpoint costs the same however long the history.
 */
const copies = new WeakMap<TurnState, { messages: Message[]; toolCalls: ToolCallRecord[] }>();

/** The turn as it stands, as a checkpoint of plain JSON values that the turn does not share. */
export function toTurnCheckpoint(turn: Turn): TurnCheckpoint {
  const { state, options } = turn;
  const copied = copies.get(state) ?? {
    messages: state.messages.slice(0, options.givenMessages),
    toolCalls: [],
  };
  copies.set(state, copied);
  for (const message of state.messages.slice(copied.messages.length))
    copied.messages.push(structuredClone(message));
  for (const call of state.toolCalls.slice(copied.toolCalls.length))
    copied.toolCalls.push(structuredClone(call));
  const features: Record<string, JsonValue> = {};
  for (const codec of sliceCodecs) features[codec.name] = saveSlice(codec, turn);
  const checkpoint: TurnCheckpoint = {
    version: checkpointVersion,
    messages: [...copied.messages],
    state: {
      iterations: state.iterations,
      rounds: state.rounds,
      toolCalls: [...copied.toolCalls],
      usage: { ...state.usage },
      statusUsage: { ...state.statusUsage },
      usageByModel: [...state.usageByModel].map(([modelId, usage]) => [modelId, { ...usage }]),
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
    pausedStep: { toolNames: [...step.toolNames], step: structuredClone(step.info) },
  };
}

/** The checkpoint of a turn whose step's calls start running now (see `runningStep`). */
export function toRunningCheckpoint(turn: Turn, step: ResponseStep): TurnCheckpoint {
  const runningStep: RunningStep = { toolNames: [...step.toolNames], step: structuredClone(step.info) };
  if (step.decisions !== undefined) runningStep.decisions = structuredClone(step.decisions);
  return { ...toTurnCheckpoint(turn), runningStep };
}

function saveSlice<Name extends keyof FeatureSlices>(codec: SliceCodec<Name>, turn: Turn): JsonValue {
  return codec.save(turn.state.features[codec.name]);
}
