import { describeRequestLine } from './describe-request-line.js';
import type { RefusalAnswer } from './describe-refusal.js';
import type { UnknownPathApi } from './find-unknown-path-api.js';

/**
 * A 404 for a path the fake does not serve, in the shape and words of the API it was meant for: OpenAI's
 * `unknown_url` error, Google's `NOT_FOUND` (in the fake's words), Bedrock's AWS shape, Ollama's `{ "error": "…" }` (Ollama itself answers `404 page not found` as plain text,
 * which its client shows as it is), or the Messages API's `not_found_error`. The violation also says what the fake
 * serves.
 */
export function describeUnknownPath(options: {
  method: string;
  path: string;
  api: UnknownPathApi;
  /** The APIs the fake answers, as the messages name them. */
  apis: string;
}): RefusalAnswer {
  const line = describeRequestLine(options.method, options.path);
  const serves = `The fake LLM answers ${options.apis}.`;
  switch (options.api) {
    case 'openai': {
      const message = `Unknown request URL: ${line}. Please check the URL for typos, or see the docs at https://platform.openai.com/docs/api-reference/.`;
      return {
        endpoint: 'chat-completions',
        status: 404,
        type: 'invalid_request_error',
        code: 'unknown_url',
        message,
        violationMessage: `${message} ${serves}`,
      };
    }
    case 'ollama':
      return {
        endpoint: 'ollama',
        status: 404,
        message: `404 page not found: the fake LLM serves only POST /api/chat of Ollama's native API, not ${line}; Ollama's OpenAI-compatible API is POST /v1/chat/completions, with the script's dialect: ollama.`,
      };
    case 'gemini':
      return {
        endpoint: 'gemini',
        status: 404,
        type: 'NOT_FOUND',
        message: `The fake LLM does not serve ${line}. ${serves}`,
      };
    case 'bedrock':
      // In AWS's shape (a 404 is a ResourceNotFoundException), so the AWS SDK reads it; the words are the fake's.
      return {
        endpoint: 'bedrock',
        status: 404,
        message: `The fake LLM answers ${options.apis}, not ${line}.`,
      };
    case 'anthropic':
      return {
        endpoint: 'messages',
        status: 404,
        message: `The fake LLM answers ${options.apis}, not ${line}.`,
      };
    default: {
      const unexpected: never = options.api;
      throw new Error(`Unexpected API ${String(unexpected)}`);
    }
  }
}
