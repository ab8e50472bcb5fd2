import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';

/** `stream_options` in a request that does not stream. */
export const streamOptionsRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/stream-options-without-stream',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary: 'stream_options in a request without stream: true.',
  source: 'The answer as quoted in https://github.com/BerriAI/litellm/issues/5803 (param stream_options).',
  check({ body }) {
    if (body.stream_options === undefined || body.stream_options === null || body.stream === true) {
      return undefined;
    }
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'stream_options',
      code: null,
      message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    };
  },
};
