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
 * A content without parts, and a part without data. An empty text part is data: Gemini itself ends a streamed
 * response with one (sometimes with a thought signature), and clients send it back.
 */
export const partDataRule: GeminiRule = {
  id: 'gemini/part-data',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    'A content whose parts are empty, or a part with none of its data fields (text, inlineData, functionCall, …).',
  source:
    "The API's answers (400, INVALID_ARGUMENT) as quoted in https://github.com/vercel/ai/issues/3775 (empty " +
    'parts) and https://github.com/router-for-me/CLIProxyAPI/issues/1292 (a part without data); the empty text ' +
    'parts Gemini streams, in the recordings of fixtures/real-wire/gemini.',
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
      }
    }
    return undefined;
  },
};
