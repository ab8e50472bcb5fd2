import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { customStopReasonPattern, isBuiltinStopReason } from './stop-reason.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import { isObject } from '../internal/is-object.js';

/**
 * Where a field of a checkpoint stands in the stored form, for the error that names it: a checkpoint's own path,
 * or where the first format kept it.
 */
export type CheckpointFieldPath = (field: string) => string;

/**
 * Checks what the loop reads of a stored checkpoint besides its messages and its features' slices (each feature
 * reads its own): the counts, the usage, the recorded calls, the answer so far, a last answer asked for, and the
 * calls that wait with their step. A checkpoint edited by hand or cut short is refused naming the field, rather
 * than read into wrong counts, a deadline that never fires, or a crash in the middle of the turn.
 */
export function checkCheckpoint(checkpoint: TurnCheckpoint, path: CheckpointFieldPath): void {
  const state: Record<string, unknown> = { ...checkpoint.state };
  const fail = (field: string, expected: string, value: unknown): never => {
    throw new InvalidArgumentError({
      argument: path(field),
      message: `expected ${expected}, got ${describe(value)}.`,
    });
  };
  for (const field of ['iterations', 'rounds', 'lastRequestTokens', 'sessionTokens']) {
    const value = state[field];
    if (!(Number.isInteger(value) && (value as number) >= 0))
      fail(`state.${field}`, 'an integer of at least 0', value);
  }
  if (!(Number.isFinite(state.elapsedMs) && (state.elapsedMs as number) >= 0)) {
    fail('state.elapsedMs', 'a number of milliseconds of at least 0', state.elapsedMs);
  }
  for (const field of ['usage', 'statusUsage']) {
    if (!isUsage(state[field]))
      fail(`state.${field}`, 'token counts such as { inputTokens: 10, outputTokens: 2 }', state[field]);
  }
  const byModel = state.usageByModel;
  if (!Array.isArray(byModel)) fail('state.usageByModel', 'a list of [model id, usage] pairs', byModel);
  for (const [index, entry] of (byModel as unknown[]).entries()) {
    if (!(Array.isArray(entry) && typeof entry[0] === 'string' && isUsage(entry[1]))) {
      fail(`state.usageByModel[${index}]`, 'a [model id, usage] pair', entry);
    }
  }
  const toolCalls = state.toolCalls;
  if (!Array.isArray(toolCalls))
    fail('state.toolCalls', 'a list of the tool calls the turn recorded', toolCalls);
  for (const [index, call] of (toolCalls as unknown[]).entries()) {
    if (!isRecordedCall(call))
      fail(
        `state.toolCalls[${index}]`,
        'a recorded call { toolCallId, name, input, output, isError, executed, round }',
        call,
      );
  }
  if (typeof state.text !== 'string') fail('state.text', 'a string', state.text);
  if (typeof state.answerPaused !== 'boolean')
    fail('state.answerPaused', 'true or false', state.answerPaused);
  checkFinalAnswerFor(state.finalAnswerFor, fail);
  if (checkpoint.runningStep !== undefined) checkStep(checkpoint.runningStep, 'runningStep', fail);
  const pending: unknown = checkpoint.pendingApprovals;
  if (pending === undefined) return;
  if (!Array.isArray(pending)) fail('pendingApprovals', 'a list of the calls that wait', pending);
  const waiting = new Set<string>();
  for (const [index, call] of (pending as unknown[]).entries()) {
    if (!(
      isObject(call) &&
      typeof call.toolCallId === 'string' &&
      typeof call.name === 'string' &&
      call.input !== undefined
    )) {
      fail(`pendingApprovals[${index}]`, 'a call that waits { toolCallId, name, input }', call);
    }
    const id = (call as { toolCallId: string }).toolCallId;
    if (waiting.has(id)) fail(`pendingApprovals[${index}]`, 'a call that waits once', id);
    waiting.add(id);
  }
  if ((pending as unknown[]).length === 0) return;
  checkStep(checkpoint.pausedStep, 'pausedStep', fail);
}

/** Checks the step of a paused turn's waiting calls, or of the calls a checkpoint's turn was running. */
function checkStep(
  value: unknown,
  field: 'pausedStep' | 'runningStep',
  fail: (field: string, expected: string, value: unknown) => never,
): void {
  if (!isObject(value)) fail(field, 'the step whose calls wait { toolNames, step }', value);
  const { toolNames, step, decisions } = value;
  if (!(Array.isArray(toolNames) && toolNames.every((name) => typeof name === 'string'))) {
    fail(`${field}.toolNames`, 'a list of tool names', toolNames);
  }
  if (!isStep(step))
    fail(
      `${field}.step`,
      'the step as onStepFinish reports it { iteration, round, request, response, usage }',
      step,
    );
  if (decisions !== undefined && !isObject(decisions))
    fail(`${field}.decisions`, 'the decisions by tool-call id', decisions);
}

function checkFinalAnswerFor(
  value: unknown,
  fail: (field: string, expected: string, value: unknown) => never,
): void {
  if (value === undefined) return;
  const expected = "a stop reason and its detail, such as { reason: 'max_rounds' }";
  if (!isObject(value) || typeof value.reason !== 'string') fail('state.finalAnswerFor', expected, value);
  const { reason, detail } = value as { reason: string; detail?: unknown };
  if (!isBuiltinStopReason(reason) && !customStopReasonPattern.test(reason))
    fail('state.finalAnswerFor.reason', 'a stop reason (snake_case)', reason);
  if (detail !== undefined && typeof detail !== 'string')
    fail('state.finalAnswerFor.detail', 'a string', detail);
}

function isUsage(value: unknown): boolean {
  return (
    isObject(value) &&
    Object.values(value).every((count) => Number.isFinite(count) && (count as number) >= 0) &&
    typeof value.inputTokens === 'number' &&
    typeof value.outputTokens === 'number'
  );
}

function isRecordedCall(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.toolCallId === 'string' &&
    typeof value.name === 'string' &&
    isObject(value.output) &&
    typeof value.isError === 'boolean' &&
    typeof value.executed === 'boolean' &&
    Number.isInteger(value.round)
  );
}

function isStep(value: unknown): boolean {
  return (
    isObject(value) &&
    Number.isInteger(value.iteration) &&
    Number.isInteger(value.round) &&
    isObject(value.request) &&
    isObject(value.response) &&
    isUsage(value.usage)
  );
}

/**
 * A value as an error shows it: a short one as it is; of a list or an object, only its kind (it may hold a tool's
 * input).
 */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object without them';
  const text =
    typeof value === 'string'
      ? JSON.stringify(value)
      : typeof value === 'number' || typeof value === 'boolean' || value === null
        ? String(value)
        : typeof value;
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
