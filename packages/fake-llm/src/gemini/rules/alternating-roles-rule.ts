import type { GeminiRule } from './gemini-rule.js';

/**
 * Two `user` contents in a row: a user message right after function responses, with no model turn between (a
 * turn that ended before the model answered), or after an answer that was left out. Model contents in a row are
 * taken: `@google/genai`'s streamed chat keeps each chunk of an answer as a content of its own and sends them all
 * back. A content without a role is left alone: no source says how the API places it.
 */
export const alternatingRolesRule: GeminiRule = {
  id: 'gemini/alternating-roles',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    'Two user contents in a row (function responses or text, then text): turns must alternate between user and ' +
    'model.',
  source:
    "The API's answer (400, INVALID_ARGUMENT) as quoted in https://github.com/NousResearch/hermes-agent/issues/55125 " +
    'and https://github.com/microsoft/autogen/issues/2900; the same refusal after an empty answer was left out, ' +
    'https://github.com/earendil-works/pi/issues/2251. Model contents in a row are taken: ' +
    'https://github.com/googleapis/python-genai/issues/1791 (a streamed chat sends each chunk back as a content).',
  check({ request }) {
    const contents = request?.contents ?? [];
    for (let index = 1; index < contents.length; index++) {
      if (contents[index]?.role !== 'user' || contents[index - 1]?.role !== 'user') continue;
      return {
        status: 400,
        message: 'Please ensure that multiturn requests alternate between user and model.',
      };
    }
    return undefined;
  },
};
