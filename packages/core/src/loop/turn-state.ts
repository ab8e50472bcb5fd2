import type { Message, ToolCallPart, ToolResultPart } from '../model/messages.js';
import { addUsage, createEmptyUsage, type Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';
import type { ModelResponse } from './stream-model-response.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';

/** Everything one turn has produced so far; the loop's helpers read and extend it. */
export interface TurnState {
  messages: Message[];
  toolCalls: ToolCallRecord[];
  rounds: number;
  iterations: number;
  usage: Usage;
  consecutiveErrors: number;
  messageToolCalls: number;
  sessionToolCalls: number;
  /** The text of the last model response. */
  text: string;
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
    consecutiveErrors: 0,
    messageToolCalls: 0,
    sessionToolCalls,
    text: '',
  };
}

/** Adds a model response to the transcript, exactly as received (thinking blocks and their data included). */
export function recordResponse(state: TurnState, response: ModelResponse): void {
  state.usage = addUsage(state.usage, response.finish.usage);
  state.text = response.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  // An empty assistant message (a refusal with no content) is not a valid turn for any provider.
  if (response.content.length > 0) state.messages.push({ role: 'assistant', content: [...response.content] });
}

/** The tool calls of a response, in order. */
export function toolCallsOf(response: ModelResponse): ToolCallPart[] {
  return response.content.filter((part): part is ToolCallPart => part.type === 'tool-call');
}

/** Removes dropped tool calls from the last assistant message, so every call left gets a result. */
export function keepToolCalls(state: TurnState, kept: ToolCallPart[]): void {
  const last = state.messages.at(-1);
  if (last?.role !== 'assistant') return;
  last.content = last.content.filter((part) => part.type !== 'tool-call' || kept.includes(part));
}

/**
 * Adds one result per call (in call order) as a tool message, records each call, and updates the
 * consecutive-error count: a failure that counts adds one, any success resets it.
 */
export function recordToolResults({
  state,
  calls,
  outcomes,
  round,
}: {
  state: TurnState;
  calls: ToolCallPart[];
  outcomes: ReadonlyMap<string, ToolCallOutcome>;
  round: number;
}): void {
  if (calls.length === 0) return;
  const results: ToolResultPart[] = [];
  for (const call of calls) {
    const outcome = outcomes.get(call.id);
    if (outcome === undefined) throw new Error(`Internal error: no outcome for tool call ${call.id}.`);
    results.push({
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      output: outcome.output,
      isError: outcome.isError,
    });
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
    if (outcome.countsAsError) state.consecutiveErrors += 1;
    else if (!outcome.isError) state.consecutiveErrors = 0;
  }
  state.messages.push({ role: 'tool', content: results });
}
