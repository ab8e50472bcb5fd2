import { checkReasoningEcho } from '../check-reasoning-echo.js';
import type { ChatCompletionsReportRule } from './chat-completions-rule.js';

/**
 * The message echoing an answer with reasoning and tool calls without that reasoning, unchanged: DeepSeek's
 * thinking mode requires it back. Only DeepSeek documents this; Ollama documents no such requirement.
 */
export const reasoningEchoRule: ChatCompletionsReportRule = {
  id: 'chat-completions/reasoning-not-echoed',
  wire: 'chat-completions',
  outcome: 'reports',
  violationType: 'reasoning-not-echoed',
  dialects: ['deepseek'],
  summary:
    "The assistant message echoing an answer with reasoning and tool calls lacks that reasoning, unchanged, in the dialect's reasoning field.",
  source:
    'DeepSeek, thinking mode, tool calls (https://api-docs.deepseek.com/guides/thinking_mode#tool-calls): "the ' +
    'reasoning_content must be fully passed back to the API in all subsequent requests"; the answer as quoted in ' +
    'https://github.com/anomalyco/opencode/issues/24083.',
  report({ request, quirks, answers }) {
    if (request === undefined || quirks.reasoningField === 'none') return [];
    return checkReasoningEcho({ messages: request.messages, answers, reasoningField: quirks.reasoningField });
  },
};
