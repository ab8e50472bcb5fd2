import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';

/** A `tool_choice` (`none` included) in a request that offers no `tools`. */
export const toolChoiceWithoutToolsRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/tool-choice-without-tools',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary: "A tool_choice (even 'none') in a request without tools.",
  source:
    'The answer as quoted in https://github.com/dapr/dapr-agents/issues/248 and ' +
    'https://github.com/RageAgainstThePixel/OpenAI-DotNet/issues/479; for tool_choice "none" too: ' +
    'https://github.com/patterns-ai-core/langchainrb/pull/442.',
  check({ body }) {
    if (body.tool_choice === undefined || body.tool_choice === null) return undefined;
    if (body.tools !== undefined && body.tools !== null) return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'tool_choice',
      code: null,
      message: "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
    };
  },
};
