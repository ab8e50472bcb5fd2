import { splitTextIntoDeltas } from '../stream/split-into-deltas.js';
import type { GeminiAnswer } from './gemini-answer.js';
import { createGeminiPart, createGeminiResponse } from './create-gemini-response.js';

/**
 * The chunks of a streamed answer, as the recordings of `streamGenerateContent?alt=sse` show them: thoughts and
 * text a few words a chunk (`thought: true` on a thought's), each function call whole in a chunk of its own (its
 * signature with it), and a last chunk with an empty text part (carrying the text's signature, on Gemini 3) and
 * the finish reason. Every chunk is a whole `GenerateContentResponse` with the usage so far.
 */
export function createGeminiChunks(answer: GeminiAnswer): Record<string, unknown>[] {
  const pieces: { part: Record<string, unknown>; tokens: number }[] = [];
  let closingSignature: string | undefined;
  for (const part of answer.parts) {
    switch (part.type) {
      case 'thought':
        for (const delta of splitTextIntoDeltas(part.text))
          pieces.push({ part: { text: delta, thought: true }, tokens: 0 });
        break;
      case 'text':
        for (const delta of splitTextIntoDeltas(part.text))
          pieces.push({ part: { text: delta }, tokens: delta.length });
        closingSignature = part.thoughtSignature ?? closingSignature;
        break;
      case 'function-call':
        pieces.push({
          part: createGeminiPart(part),
          tokens: part.name.length + JSON.stringify(part.args).length,
        });
        break;
      default: {
        const unexpected: never = part;
        throw new Error(`Unexpected part ${JSON.stringify(unexpected)}`);
      }
    }
  }
  const characters = pieces.reduce((sum, piece) => sum + piece.tokens, 0);
  const { candidatesTokens } = answer.usage;
  let sent = 0;
  const chunks = pieces.map(({ part, tokens }) => {
    sent += tokens;
    const soFar = characters === 0 ? 0 : Math.round((candidatesTokens * sent) / characters);
    return createGeminiResponse({ answer, parts: [part], candidatesTokens: soFar, last: false });
  });
  const closing = {
    text: '',
    ...(closingSignature === undefined ? {} : { thoughtSignature: closingSignature }),
  };
  chunks.push(createGeminiResponse({ answer, parts: [closing], candidatesTokens, last: true }));
  return chunks;
}
