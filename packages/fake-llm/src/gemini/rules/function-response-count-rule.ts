import { isRecord } from '../../internal/is-record.js';
import { readParts } from '../gemini-request-body.js';
import type { GeminiRule } from './gemini-rule.js';

/**
 * A content of function responses that answers the model's function calls just before it with another number of
 * `functionResponse` parts than there were `functionCall` parts.
 */
export const functionResponseCountRule: GeminiRule = {
  id: 'gemini/function-response-count',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    "Function responses that follow a model turn's function calls in another number than the calls (one per " +
    'call, in one content).',
  source:
    "The API's answer (400, INVALID_ARGUMENT) as quoted in https://github.com/google-gemini/gemini-cli/issues/4217 " +
    'and https://github.com/google-gemini/gemini-cli/issues/16415.',
  check({ request }) {
    const contents = request?.contents ?? [];
    for (const [index, content] of contents.entries()) {
      const next = contents[index + 1];
      if (content.role !== 'model' || next === undefined) continue;
      const calls = readParts(content).filter((part) => isRecord(part.functionCall)).length;
      const responses = readParts(next).filter((part) => isRecord(part.functionResponse)).length;
      if (calls === 0 || responses === 0 || calls === responses) continue;
      return {
        status: 400,
        message:
          'Please ensure that the number of function response parts is equal to the number of function call ' +
          'parts of the function call turn.',
      };
    }
    return undefined;
  },
};
