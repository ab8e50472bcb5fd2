import type { Message } from '../model/messages.js';
import type { FinishReason, Model, ToolChoice } from '../model/model.js';
import type { Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';

/** What a hook sees of the turn so far. Read it; the loop owns it. */
export interface TurnSnapshot {
  readonly messages: readonly Message[];
  readonly toolCalls: readonly ToolCallRecord[];
  /** Tool rounds so far. */
  readonly rounds: number;
  /** Model requests so far. */
  readonly iterations: number;
  readonly usage: Usage;
  /** The text of the last response. */
  readonly text: string;
}

/**
 * How a `stopWhen` condition ends the turn: a stop reason of the host's own (snake_case, not a built-in one),
 * or that with `answer: true` for one last request in which the model may call no tool (as the caps do), and a
 * `detail` sentence for the status line and the error event.
 */
export type StopDecision = string | { reason: string; answer?: boolean; detail?: string };

/** A condition checked after each tool round; anything but a decision (`false`, `undefined`) goes on. */
export type StopCondition = (
  turn: TurnSnapshot,
) => StopDecision | false | null | undefined | Promise<StopDecision | false | null | undefined>;

/** What `prepareStep` sees: the turn so far, and what the next request would be without it. */
export interface PrepareStepContext extends TurnSnapshot {
  /** The system prompt of the next request, the progressive prompt's line included. */
  readonly system: string | undefined;
  /** Every tool of the turn, by name. */
  readonly toolNames: readonly string[];
  /** Whether this is the answer request after a cap: the tool choice stays `none` whatever is returned. */
  readonly isFinal: boolean;
}

/** Changes to the next request; anything left out stays as it was. */
export interface StepSettings {
  system?: string;
  /** The tools offered, by name; a tool left out is unknown to the model for this step. */
  activeTools?: string[];
  toolChoice?: ToolChoice;
  /** Another model for this step. */
  model?: Model;
}

export type PrepareStep = (
  context: PrepareStepContext,
) => StepSettings | undefined | Promise<StepSettings | undefined>;

/** One step as `onStepFinish` reports it: a model request, its response and the tool round that followed. */
export interface StepInfo {
  /** Which request of the turn, from 1. */
  iteration: number;
  /** The tool round the response began, from 0. */
  round: number;
  request: { system?: string; toolNames: string[]; toolChoice?: ToolChoice; messageCount: number };
  response: { text: string; finishReason: FinishReason; toolCallCount: number };
  /** Tokens of this request alone. */
  usage: Usage;
  /** The calls of the response and how each ended (empty when it asked for none). */
  toolCalls: ToolCallRecord[];
}

export type OnStepFinish = (step: StepInfo) => void | Promise<void>;
