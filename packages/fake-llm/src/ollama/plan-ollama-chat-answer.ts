import { toIdSafe } from '../internal/to-id-safe.js';
import type { JsonValue, LlmStep, LlmToolCall } from '../script/llm-step.js';
import type { OllamaChatAnswer } from './ollama-chat-answer.js';
import { estimateTokens, stepInputTokens } from '../script/step-usage.js';

/** The stop reasons Ollama reports as `length` (the output limit, `num_predict`, or the context ran out). */
const lengthStops = new Set(['max_tokens', 'model_context_window_exceeded']);

/**
 * Resolves a step into the answer the fake sends on `POST /api/chat`: its thinking as `message.thinking`, its
 * text as `message.content`, its tool calls as `message.tool_calls` with their arguments as an object (a
 * `rawInput` that is not a JSON object is sent as `{}`: Ollama never sends arguments of another kind), and
 * `done_reason` `stop` (Ollama's word with tool calls too) or `length`. Counts are estimated at about four
 * characters a token when the step gives none. Ollama has no cache fields: `prompt_eval_count` is the tokens it
 * evaluated, so the step's cache reads are left out of it and its cache writes counted in. `redactedThinking`
 * has no form here.
 */
export function planOllamaChatAnswer(options: {
  step: LlmStep;
  scriptId: string;
  requestIndex: number;
  model: string;
  requestLength: number;
}): OllamaChatAnswer {
  const { step } = options;
  const idPart = `${toIdSafe(options.scriptId)}_${options.requestIndex + 1}`;
  const toolCalls = (step.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_fake_${idPart}_${index + 1}`,
    index,
    name: call.name,
    arguments: readArguments(call),
  }));
  const characters =
    (step.thinking?.length ?? 0) +
    (step.text?.length ?? 0) +
    toolCalls.reduce((sum, call) => sum + call.name.length + JSON.stringify(call.arguments).length, 0);
  return {
    model: options.model,
    thinking: step.thinking,
    text: step.text,
    toolCalls,
    doneReason: step.stopReason !== undefined && lengthStops.has(step.stopReason) ? 'length' : 'stop',
    // What Ollama evaluated: the input and what a cache would have written, not what it read.
    promptEvalCount: stepInputTokens(step, options.requestLength) + (step.usage?.cacheWriteTokens ?? 0),
    evalCount: step.usage?.outputTokens ?? estimateTokens(characters),
  };
}

function readArguments(call: LlmToolCall): { [key: string]: JsonValue } {
  let value: unknown = 'rawInput' in call ? undefined : call.input;
  if ('rawInput' in call) {
    try {
      value = JSON.parse(call.rawInput);
    } catch {
      value = undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as { [key: string]: JsonValue })
    : {};
}
