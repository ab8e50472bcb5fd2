import type { Message, ToolCallPart, ToolResultPart } from '../model/messages.js';
import { addUsage, createEmptyUsage, type Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';
import type { ContextState } from './features/context-limit-feature.js';
import { countOutcome, type ErrorStreak } from './features/error-streak-feature.js';
import {
  countResponseText,
  createRepetitionCounts,
  type RepetitionCounts,
} from './features/no-progress-feature.js';
import type { OutputState } from './features/output-feature.js';
import type { ToolCallCounts } from './features/tool-call-limits-feature.js';
import type { ModelResponse } from './stream-model-response.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';
import type { TurnEnding } from './turn-ending.js';

/**
 * What one turn has produced so far, and the state each feature keeps across rounds. The loop's cycle reads and
 * extends the first part; each slice of `features` belongs to one feature module (see `features/`), which alone
 * writes it and says how it is saved in a checkpoint.
 */
export interface TurnState {
  messages: Message[];
  toolCalls: ToolCallRecord[];
  rounds: number;
  iterations: number;
  usage: Usage;
  /** What generated status lines cost, apart from the turn's own requests. */
  statusUsage: Usage;
  /** Every tool-call id in the transcript, so a repeated one can be renamed. */
  toolCallIds: Set<string>;
  /**
   * The answer so far: the text of the last model response, as far as it has streamed, joined to the text of
   * the responses it continues after a pause.
   */
  text: string;
  /** Whether the last response paused (`pause`), so the next one continues its text. */
  paused: boolean;
  /** Input and output tokens of the last request: the estimate of the next one, for token budgets. */
  lastRequestTokens: number;
  /** Tokens by model id, for `cost`. */
  usageByModel: Map<string, Usage>;
  /** Set once a cap or a stop condition asks for one last answer: the next request lets the model call no tool. */
  finalAnswerFor?: TurnEnding;
  features: FeatureSlices;
}

/** The state of each feature that keeps one, by feature name. */
export interface FeatureSlices {
  toolCallLimits: ToolCallCounts;
  noProgress: RepetitionCounts;
  errorStreak: ErrorStreak;
  contextLimit: ContextState;
  output: OutputState;
}

export function createTurnState({
  messages,
  sessionToolCalls,
}: {
  messages: Message[];
  sessionToolCalls: number;
}): TurnState {
  return {
    messages,
    toolCalls: [],
    rounds: 0,
    iterations: 0,
    usage: createEmptyUsage(),
    statusUsage: createEmptyUsage(),
    toolCallIds: collectToolCallIds(messages),
    text: '',
    paused: false,
    lastRequestTokens: 0,
    usageByModel: new Map(),
    features: {
      toolCallLimits: { message: 0, session: sessionToolCalls },
      noProgress: createRepetitionCounts(),
      errorStreak: { streak: 0, limitReached: false },
      contextLimit: { cleared: new Set() },
      output: { repairs: 0 },
    },
  };
}

/** Every tool-call id of a transcript's assistant messages. */
export function collectToolCallIds(messages: readonly Message[]): Set<string> {
  return new Set(
    messages.flatMap((message) =>
      message.role === 'assistant'
        ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : []))
        : [],
    ),
  );
}

/** Starts the text of a new response: a fresh answer, unless it continues a paused one. */
export function startResponseText(state: TurnState): void {
  if (!state.paused) state.text = '';
}

/**
 * Adds a model response to the transcript, exactly as received (thinking blocks and their data included), with
 * one exception: a tool-call id that repeats within the response or the transcript is renamed, so that every
 * result pairs with its own call. Returns the renames, for a warning.
 */
export function recordResponse({
  state,
  response,
  modelId,
}: {
  state: TurnState;
  response: ModelResponse;
  modelId: string;
}): Array<{ id: string; renamedTo: string[] }> {
  const { usage } = response.finish;
  addModelUsage(state, modelId, usage);
  state.lastRequestTokens = usage.inputTokens + usage.outputTokens;
  let text = '';
  let callCount = 0;
  // Whether an id repeats one of the transcript's or of an earlier call of this response: only then are
  // calls renamed (below); otherwise they keep their ids and the content stays as it came.
  let idRepeats = false;
  for (const part of response.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool-call') {
      callCount += 1;
      if (state.toolCallIds.has(part.id)) idRepeats = true;
    }
  }
  if (!idRepeats && callCount > 1) {
    const ids = new Set<string>();
    for (const part of response.content) {
      if (part.type !== 'tool-call') continue;
      if (ids.has(part.id)) idRepeats = true;
      ids.add(part.id);
    }
  }
  countResponseText(state.features.noProgress, text);
  // A pause with tool calls is a tool round like any other; only a bare pause is continued as one answer.
  state.paused = response.finish.finishReason === 'pause' && callCount === 0;
  if (!idRepeats) {
    for (const part of response.content) if (part.type === 'tool-call') state.toolCallIds.add(part.id);
    if (response.content.length > 0)
      state.messages.push({ role: 'assistant', content: [...response.content] });
    return [];
  }
  const renames = new Map<string, string[]>();
  // A new name must not be one the model itself gives a later call of this response.
  const taken = new Set(state.toolCallIds);
  for (const part of response.content) if (part.type === 'tool-call') taken.add(part.id);
  response.content = response.content.map((part) => {
    if (part.type !== 'tool-call') return part;
    if (!state.toolCallIds.has(part.id)) {
      state.toolCallIds.add(part.id);
      return part;
    }
    const renamedTo = uniqueId(part.id, taken);
    taken.add(renamedTo);
    state.toolCallIds.add(renamedTo);
    renames.set(part.id, [...(renames.get(part.id) ?? []), renamedTo]);
    return { ...part, id: renamedTo };
  });
  // An empty assistant message (a refusal with no content) is not a valid turn for any provider.
  if (response.content.length > 0) state.messages.push({ role: 'assistant', content: [...response.content] });
  return [...renames].map(([id, renamedTo]) => ({ id, renamedTo }));
}

function uniqueId(id: string, taken: ReadonlySet<string>): string {
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${id}_${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The tool calls of a response, in order. */
export function toolCallsOf(response: ModelResponse): ToolCallPart[] {
  return response.content.filter((part): part is ToolCallPart => part.type === 'tool-call');
}

/**
 * Adds one result per call (in call order) as a tool message and records each call. Failures that count
 * extend the error streak and a success ends it, in call order; a call the loop answered itself does neither.
 * The streak reaching `maxConsecutiveErrors` anywhere in the round is remembered.
 */
export function recordToolResults({
  state,
  calls,
  outcomes,
  round,
  maxConsecutiveErrors,
}: {
  state: TurnState;
  calls: readonly ToolCallPart[];
  outcomes: readonly ToolCallOutcome[];
  round: number;
  maxConsecutiveErrors: number;
}): void {
  if (calls.length === 0) return;
  const results: ToolResultPart[] = calls.map((call, index) => {
    const outcome = outcomes[index];
    if (outcome === undefined) throw new Error(`Internal error: no outcome for tool call ${call.id}.`);
    state.toolCalls.push({
      toolCallId: call.id,
      name: call.name,
      input: call.input,
      output: outcome.output,
      isError: outcome.isError,
      executed: outcome.executed,
      round,
      durationMs: outcome.durationMs,
    });
    countOutcome(state.features.errorStreak, outcome, maxConsecutiveErrors);
    return {
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      output: outcome.output,
      isError: outcome.isError,
    };
  });
  state.messages.push({ role: 'tool', content: results });
}

/** Counts a request's tokens as the turn's, and as the model's that answered it (for its price). */
export function addModelUsage(state: TurnState, modelId: string, usage: Usage): void {
  state.usage = addUsage(state.usage, usage);
  state.usageByModel.set(modelId, addUsage(state.usageByModel.get(modelId) ?? createEmptyUsage(), usage));
}
