import { InvalidOutputError } from '../errors/invalid-output-error.js';
import type { ToolCallPart } from '../model/messages.js';
import { finalAnswerToolName, readFinalAnswer } from './final-answer-tool.js';
import type { LoopEvent } from './loop-event.js';
import { parseOutput } from './parse-output.js';
import { toToolResultEvent, toToolStartEvent } from './tool-call-events.js';
import { refuseToolCall, type ToolCallOutcome } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { TurnEnding } from './turn-ending.js';
import { recordToolResults, type TurnState } from './turn-state.js';

/** What an answer checked against `output` leads to: the turn ends, or one repair request follows. */
export type OutputStep = { type: 'end'; ending: TurnEnding } | { type: 'repair' };

/**
 * Reads the answer of a response that ends the turn (`completed`, or a cap's last answer) as the turn's output.
 * A mismatch on `completed` gets one repair request (a user message with the issues, then a request in which
 * the model may call no tool); after it, the turn ends with `invalid_output`. A cap's answer that does not
 * match keeps its own stop reason, without output.
 */
export async function checkAnswerOutput({
  state,
  options,
  ending,
}: {
  state: TurnState;
  options: ResolvedLoopOptions;
  ending: TurnEnding;
}): Promise<OutputStep> {
  if (options.output === undefined || ending.reason === 'refusal' || ending.reason === 'max_tokens') {
    return { type: 'end', ending };
  }
  const parsed = await parseOutput({ text: state.text, schema: options.output.schema });
  if (parsed.success) {
    state.features.output.value = parsed.value;
    return { type: 'end', ending };
  }
  const step = decide({ state, ending, issues: parsed.issues, text: state.text });
  if (step.type === 'repair') state.messages.push({ role: 'user', content: repairRequest(parsed.issues) });
  return step;
}

/**
 * Takes the answer from a call of the final-answer tool (models without native structured output). Every call
 * of the response is answered — the final one with "Answer recorded." or its validation issues, the others as
 * not run — and the answer is checked as `checkAnswerOutput` checks text. `undefined` when the response has no
 * such call.
 */
export async function* takeFinalAnswer({
  state,
  calls,
  options,
  finalAnswerFor,
}: {
  state: TurnState;
  calls: ToolCallPart[];
  options: ResolvedLoopOptions;
  finalAnswerFor: TurnEnding | undefined;
}): AsyncGenerator<LoopEvent, OutputStep | undefined> {
  const output = options.output;
  const answer = calls.find((call) => call.name === finalAnswerToolName);
  if (output?.mode !== 'tool' || answer === undefined) return undefined;
  const value = readFinalAnswer({ input: answer.input, schema: output.schema.jsonSchema });
  const checked =
    value === undefined
      ? { success: false as const, issues: ['/value: the answer is missing'] }
      : await output.schema.validate(value);
  const ending = finalAnswerFor ?? { reason: 'completed' };
  const text = value === undefined ? '' : JSON.stringify(value);
  const step: OutputStep = checked.success
    ? { type: 'end', ending }
    : decide({ state, ending, issues: checked.issues, text });
  const outcomes = calls.map((call): ToolCallOutcome => {
    if (call !== answer) {
      return refuseToolCall({ text: `Not executed: the answer was given through ${finalAnswerToolName}.` });
    }
    return checked.success
      ? refuseToolCall({ text: 'Answer recorded.', isError: false })
      : refuseToolCall({ text: repairRequest(checked.issues) });
  });
  for (const [index, call] of calls.entries()) {
    yield toToolStartEvent(call, state.rounds);
    yield toToolResultEvent(call, outcomes[index] as ToolCallOutcome, state.rounds);
  }
  recordToolResults({
    state,
    calls,
    outcomes,
    round: state.rounds,
    maxConsecutiveErrors: options.maxConsecutiveErrors,
  });
  if (checked.success) {
    state.features.output.value = checked.value;
    // The answer of the turn is the one given through the tool.
    state.text = text;
  }
  return step;
}

function decide({
  state,
  ending,
  issues,
  text,
}: {
  state: TurnState;
  ending: TurnEnding;
  issues: string[];
  text: string;
}): OutputStep {
  if (ending.reason !== 'completed') return { type: 'end', ending };
  if (state.features.output.repairs === 0) {
    state.features.output.repairs += 1;
    return { type: 'repair' };
  }
  const error = new InvalidOutputError({ issues, text });
  return {
    type: 'end',
    ending: {
      reason: 'invalid_output',
      detail: `the answer did not match the output schema after one repair request (${joinIssues(issues)})`,
      error,
    },
  };
}

function repairRequest(issues: string[]): string {
  return `Your answer does not match the required output format: ${joinIssues(issues)}. Reply with only the corrected JSON value, nothing else.`;
}

/** The issues as one clause: a JSON Schema validator ends each with a full stop, a zod schema does not. */
function joinIssues(issues: string[]): string {
  return issues.map((issue) => issue.replace(/\.$/, '')).join('; ');
}
