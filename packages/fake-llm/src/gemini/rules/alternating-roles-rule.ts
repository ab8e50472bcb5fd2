import { isRecord } from '../../internal/is-record.js';
import type { GeminiRule } from './gemini-rule.js';

/** A content's role as the API reads it: `user` when left out. */
function roleOf(content: unknown): unknown {
  return isRecord(content) && content.role !== undefined ? content.role : 'user';
}

/**
 * Two contents in a row with the same role: a user message after function responses with no model turn between
 * (a turn that ended before the model answered), or a user message after an answer that was left out.
 */
export const alternatingRolesRule: GeminiRule = {
  id: 'gemini/alternating-roles',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    'Two contents in a row with the same role (user then user, model then model): turns must alternate between ' +
    'user and model.',
  source:
    "The API's answer (400, INVALID_ARGUMENT) as quoted in https://github.com/NousResearch/hermes-agent/issues/55125 " +
    'and https://github.com/microsoft/autogen/issues/2900; the same refusal after an empty answer was left out, ' +
    'https://github.com/earendil-works/pi/issues/2251.',
  check({ request }) {
    const contents = request?.contents ?? [];
    for (let index = 1; index < contents.length; index++) {
      if (roleOf(contents[index]) !== roleOf(contents[index - 1])) continue;
      return {
        status: 400,
        message: 'Please ensure that multiturn requests alternate between user and model.',
      };
    }
    return undefined;
  },
};
