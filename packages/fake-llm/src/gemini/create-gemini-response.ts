import type { GeminiAnswer, GeminiAnswerPart } from './gemini-answer.js';

/** A part as the API sends it: `text` (with `thought: true` for a thought), `functionCall`, a `thoughtSignature`. */
export function createGeminiPart(part: GeminiAnswerPart): Record<string, unknown> {
  switch (part.type) {
    case 'thought':
      return { text: part.text, thought: true };
    case 'text':
      return {
        text: part.text,
        ...(part.thoughtSignature === undefined ? {} : { thoughtSignature: part.thoughtSignature }),
      };
    case 'function-call':
      return {
        functionCall: { ...(part.id === undefined ? {} : { id: part.id }), name: part.name, args: part.args },
        ...(part.thoughtSignature === undefined ? {} : { thoughtSignature: part.thoughtSignature }),
      };
    default: {
      const unexpected: never = part;
      throw new Error(`Unexpected part ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * A `GenerateContentResponse` as the API sends it (the fields and their order of the recordings): one candidate
 * with the given parts, its finish reason when it is the last, the usage so far, the model and the response id.
 * The cached tokens, a part of the prompt's, are sent only when there are some, as the API leaves them out.
 */
export function createGeminiResponse(options: {
  answer: GeminiAnswer;
  parts: Record<string, unknown>[];
  /** The output tokens sent so far (the whole answer's in the last chunk). */
  candidatesTokens: number;
  last: boolean;
}): Record<string, unknown> {
  const { answer, last } = options;
  const { promptTokens, cachedTokens, thoughtsTokens } = answer.usage;
  return {
    candidates: [
      {
        content: { parts: options.parts, role: 'model' },
        ...(last ? { finishReason: answer.finishReason } : {}),
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: promptTokens,
      candidatesTokenCount: options.candidatesTokens,
      totalTokenCount: promptTokens + options.candidatesTokens + thoughtsTokens,
      ...(cachedTokens > 0 ? { cachedContentTokenCount: cachedTokens } : {}),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
      ...(cachedTokens > 0 ? { cacheTokensDetails: [{ modality: 'TEXT', tokenCount: cachedTokens }] } : {}),
      ...(thoughtsTokens > 0 ? { thoughtsTokenCount: thoughtsTokens } : {}),
    },
    modelVersion: answer.modelVersion,
    responseId: answer.responseId,
  };
}
