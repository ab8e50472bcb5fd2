import { readParts } from '../gemini-request-body.js';
import type { GeminiRule } from './gemini-rule.js';

/** The fields of a part's `data`, of which a part holds one (Part in the API reference). */
const dataFields = [
  'text',
  'inlineData',
  'functionCall',
  'functionResponse',
  'fileData',
  'executableCode',
  'codeExecutionResult',
];

/**
 * A content without parts, a part without data, and an empty text part. An empty text part that carries a
 * thought signature is taken: Gemini itself ends a response with one, and asks for it back.
 */
export const partDataRule: GeminiRule = {
  id: 'gemini/part-data',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    'A content whose parts are empty, a part with none of its data fields (text, inlineData, functionCall, …), ' +
    'or a part of empty text without a thought signature.',
  source:
    "The API's answers (400, INVALID_ARGUMENT) as quoted in https://github.com/vercel/ai/issues/3775 (empty " +
    'parts), https://github.com/router-for-me/CLIProxyAPI/issues/1292 (a part without data) and ' +
    'https://github.com/zuisong/gemini-openai-proxy/issues/83 (empty text); the signed empty text part in ' +
    'https://ai.google.dev/gemini-api/docs/thought-signatures.',
  check({ request }) {
    for (const [index, content] of (request?.contents ?? []).entries()) {
      const parts = readParts(content);
      if (parts.length === 0) {
        return {
          status: 400,
          message: `* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`,
        };
      }
      for (const [partIndex, part] of parts.entries()) {
        if (!dataFields.some((field) => part[field] !== undefined)) {
          return {
            status: 400,
            message: `* GenerateContentRequest.contents[${index}].parts[${partIndex}].data: required oneof field 'data' must have one initialized field\n`,
          };
        }
        if (part.text === '' && part.thoughtSignature === undefined) {
          return {
            status: 400,
            message:
              'Unable to submit request because it has an empty text parameter. Add a value to the parameter and ' +
              'try again. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/gemini',
          };
        }
      }
    }
    return undefined;
  },
};
