import type { CatalogueModel } from '@toolloop/models';
import { isRecord } from '../internal/is-record.js';
import { toIdSafe } from '../internal/to-id-safe.js';
import type { LlmStep } from '../script/llm-step.js';
import { createGeminiThoughtSignature } from './create-gemini-thought-signature.js';
import type { GeminiAnswer, GeminiAnswerPart } from './gemini-answer.js';
import type { GeminiRequestBody } from './gemini-request-body.js';
import { estimateTokens, stepPromptTokens } from '../script/step-usage.js';

/** The finish reasons a step's core stop reason stands for; a step may also name Gemini's own (`RECITATION`). */
const finishReasons: Readonly<Record<string, string>> = {
  max_tokens: 'MAX_TOKENS',
  model_context_window_exceeded: 'MAX_TOKENS',
  refusal: 'SAFETY',
};

/**
 * Resolves a step into the answer the fake sends. The step's thinking is a thought part when the request asks for
 * thoughts (`includeThoughts`) and the model thinks (a Gemini 3 model always; a Gemini 2.5 one unless its budget
 * is 0). A thinking model's function-call step carries a thought signature on its first call, as Gemini 3 always
 * does; a Gemini 3 text answer carries one on its last text. Calls have no `id` unless the step gives one.
 * Usage is estimated at about four characters a token when the step gives none. The prompt's count holds the
 * step's cache reads and writes, as Gemini counts the cached content in it; Gemini reports no cache writes.
 */
export function planGeminiAnswer(options: {
  step: LlmStep;
  scriptId: string;
  requestIndex: number;
  model: string;
  catalogued: CatalogueModel | undefined;
  request: GeminiRequestBody;
  requestLength: number;
}): GeminiAnswer {
  const { step, request, catalogued } = options;
  const levelled = catalogued?.thinking === 'thinking-level';
  const thinks =
    levelled ||
    (catalogued?.thinking === 'thinking-budget' &&
      (request.thinkingBudget === undefined ? catalogued.thinksByDefault : request.thinkingBudget !== 0));
  const sign = (partIndex: number, content: string) =>
    createGeminiThoughtSignature({ ...options, partIndex, content });
  const parts: GeminiAnswerPart[] = [];
  const thinking = thinks ? step.thinking : undefined;
  if (thinking !== undefined && request.includeThoughts) parts.push({ type: 'thought', text: thinking });
  if (step.text !== undefined) parts.push({ type: 'text', text: step.text });
  const calls = step.toolCalls ?? [];
  calls.forEach((call, index) => {
    const args = 'rawInput' in call ? readArgs(call.rawInput) : (call.input ?? {});
    const signed = index === 0 && (levelled || thinking !== undefined);
    const content = `${call.name}:${JSON.stringify(args)}`;
    parts.push({
      type: 'function-call',
      name: call.name,
      args: isRecord(args) ? args : {},
      ...(call.id === undefined ? {} : { id: call.id }),
      ...(signed ? { thoughtSignature: sign(parts.length, content) } : {}),
    });
  });
  const lastText = parts.findLast((part) => part.type === 'text');
  if (levelled && calls.length === 0 && lastText?.type === 'text') {
    lastText.thoughtSignature = sign(parts.indexOf(lastText), lastText.text);
  }
  const characters = parts.reduce(
    (sum, part) =>
      sum +
      (part.type === 'text' ? part.text.length : 0) +
      (part.type === 'function-call' ? part.name.length + JSON.stringify(part.args).length : 0),
    0,
  );
  const stopReason = step.stopReason;
  return {
    responseId: `fake_${toIdSafe(options.scriptId)}_${options.requestIndex + 1}`,
    modelVersion: options.model,
    parts,
    finishReason:
      stopReason === undefined
        ? 'STOP'
        : (finishReasons[stopReason] ?? (/^[A-Z_]+$/u.test(stopReason) ? stopReason : 'STOP')),
    usage: {
      promptTokens: stepPromptTokens(step, options.requestLength),
      cachedTokens: step.usage?.cacheReadTokens ?? 0,
      candidatesTokens: step.usage?.outputTokens ?? estimateTokens(characters),
      thoughtsTokens: thinking === undefined ? 0 : estimateTokens(thinking.length),
    },
  };
}

/** A call's raw arguments as the object Gemini sends (it has no text form): `{}` when they are not a JSON object. */
function readArgs(rawInput: string): unknown {
  try {
    return JSON.parse(rawInput) as unknown;
  } catch {
    return {};
  }
}
