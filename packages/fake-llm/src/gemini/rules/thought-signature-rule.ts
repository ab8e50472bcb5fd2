import { isRecord } from '../../internal/is-record.js';
import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { GeminiAnswer } from '../gemini-answer.js';
import { readParts } from '../gemini-request-body.js';
import type { GeminiRule } from './gemini-rule.js';

/** The placeholders Google's thought-signature guide lets a client send for a call it did not get from the model. */
const placeholderSignatures = new Set([
  'skip_thought_signature_validator',
  'context_engineering_is_the_way_to_go',
]);

/** Each signature the fake sent on a function call, with that call's name. */
function mapSignaturesToCalls(answers: readonly GeminiAnswer[]): Map<string, string> {
  const calls = new Map<string, string>();
  for (const answer of answers) {
    for (const part of answer.parts) {
      if (part.type === 'function-call' && part.thoughtSignature !== undefined)
        calls.set(part.thoughtSignature, part.name);
    }
  }
  return calls;
}

/** Where the current turn starts: after the last user content with text (function responses do not end a turn). */
function findTurnStart(contents: readonly Record<string, unknown>[]): number {
  for (let index = contents.length - 1; index >= 0; index--) {
    const content = contents[index];
    if (content === undefined || content.role === 'model') continue;
    if (readParts(content).some((part) => typeof part.text === 'string')) return index + 1;
  }
  return 0;
}

/**
 * On a Gemini 3 model (one that takes a thinking level), a model content of the current turn whose first
 * `functionCall` part comes back without the `thoughtSignature` the fake sent with it: missing, changed, or one
 * the fake never sent (a call the client made up). Google's placeholders for such calls are let through.
 */
export const thoughtSignatureRule: GeminiRule = {
  id: 'gemini/thought-signature',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    "On a Gemini 3 model, a function call of the current turn sent back without its step's thoughtSignature, " +
    'or with one changed (the first functionCall part of each model step must carry it).',
  source:
    'https://ai.google.dev/gemini-api/docs/thought-signatures (Gemini 3 validates the signatures of the current ' +
    "turn's function calls; the first call of each step carries one; the placeholders); the answer (400, " +
    'INVALID_ARGUMENT) as quoted in https://github.com/manthanabc/paws/issues/103 and ' +
    'https://github.com/nanbingxyz/5ire/issues/405. A changed signature gets the same answer here.',
  check({ request, model, answers }) {
    if (request === undefined || model?.thinking !== 'thinking-level') return undefined;
    const signatures = mapSignaturesToCalls(answers);
    const { contents } = request;
    for (let index = findTurnStart(contents); index < contents.length; index++) {
      const content = contents[index];
      if (content?.role !== 'model') continue;
      const part = readParts(content).find((candidate) => isRecord(candidate.functionCall));
      if (part === undefined || !isRecord(part.functionCall)) continue;
      const name = typeof part.functionCall.name === 'string' ? part.functionCall.name : '';
      const signature = part.thoughtSignature;
      if (
        typeof signature === 'string' &&
        (placeholderSignatures.has(signature) || signatures.get(signature) === name)
      )
        continue;
      return {
        status: 400,
        message:
          'Function call is missing a thought_signature in functionCall parts. This is required for tools to ' +
          'work correctly, and missing thought_signature may lead to degraded model performance. Additional ' +
          `data, function call \`default_api:${shortenForMessage(name)}\` , position ${index + 1}. Please refer ` +
          'to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.',
      };
    }
    return undefined;
  },
};
