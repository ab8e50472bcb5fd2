import type { ToolCallPart } from '../model/messages.js';
import type { ApprovalDecision } from './paused-turn.js';
import type { StepInfo } from './turn-hooks.js';

/** A model response whose step is under way: what `onStepFinish` will be told, and the calls it asked for. */
export interface ResponseStep {
  /** The step as `onStepFinish` reports it, but its tool calls, which are known once they are handled. */
  info: Omit<StepInfo, 'toolCalls'>;
  calls: ToolCallPart[];
  /** The tools the model could call in this step. */
  toolNames: string[];
  /** How many calls the turn had recorded before this step: the step's own come after them. */
  recordedBefore: number;
  /** The decisions on calls that waited for approval, when a paused turn resumes with this step. */
  decisions?: Record<string, ApprovalDecision>;
}
