import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { GeminiAnswer } from '../gemini-answer.js';
import { readParts } from '../gemini-request-body.js';
import type { GeminiReportRule } from './gemini-rule.js';

/** The text of a model content (its thoughts left out), as one string. */
function readModelText(content: Record<string, unknown>): string {
  return readParts(content)
    .filter((part) => part.thought !== true && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('');
}

/** The signatures the fake sent on its text answers (Gemini 3's answers without calls), by the answer's text. */
function mapSignaturesByText(answers: readonly GeminiAnswer[]): Map<string, Set<string>> {
  const byText = new Map<string, Set<string>>();
  for (const answer of answers) {
    const texts = answer.parts.filter((part) => part.type === 'text');
    const signature = texts.findLast((part) => part.thoughtSignature !== undefined)?.thoughtSignature;
    if (signature === undefined) continue;
    const text = texts.map((part) => part.text).join('');
    // The same text may have been answered more than once, each time with a signature of its own.
    const signatures = byText.get(text) ?? new Set<string>();
    signatures.add(signature);
    byText.set(text, signatures);
  }
  return byText;
}

/**
 * A Gemini 3 text answer of the fake's that comes back in a later request (a model content with the same text)
 * without the `thoughtSignature` the fake sent on its last part. The API takes such a request; Google's guide asks
 * for every signature back exactly as it came, so the fake reports it. Answers left out of the history (trimmed or
 * summarized) are not looked for.
 */
export const textSignatureEchoRule: GeminiReportRule = {
  id: 'gemini/text-signature-echo',
  wire: 'gemini',
  outcome: 'reports',
  summary:
    'A Gemini 3 text answer sent back without the thoughtSignature of its last part, or with another one (`thinking-changed`); the API takes it.',
  source:
    'https://ai.google.dev/gemini-api/docs/thought-signatures ("if you receive a thought signature in a model ' +
    'response, you should pass it back exactly as received when sending the conversation history"; text ' +
    'answers carry theirs on the last part, and only function calls are validated)',
  report({ request, answers }) {
    if (request === undefined) return [];
    const signaturesByText = mapSignaturesByText(answers);
    if (signaturesByText.size === 0) return [];
    const problems: string[] = [];
    request.contents.forEach((content, index) => {
      if (content.role !== 'model') return;
      const text = readModelText(content);
      const sent = signaturesByText.get(text);
      if (sent === undefined) return;
      const echoed = readParts(content).some(
        (part) => typeof part.thoughtSignature === 'string' && sent.has(part.thoughtSignature),
      );
      if (echoed) return;
      problems.push(
        `contents[${index}], the model's answer "${shortenForMessage(text, 60)}", came back without the thoughtSignature the fake sent on its last part; send every signature back exactly as it came.`,
      );
    });
    return problems;
  },
};
