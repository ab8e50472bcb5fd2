import { checkToolMessages, type ToolMessageProblem } from '../check-tool-messages.js';
import type {
  ChatCompletionsRefusalRule,
  ChatCompletionsReportRule,
  ChatCompletionsRuleContext,
} from './chat-completions-rule.js';

/**
 * A `tool` message that answers no assistant message with `tool_calls`: OpenAI and DeepSeek refuse it, each in
 * its own words.
 */
export const toolMessageWithoutToolCallsRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/tool-message-without-tool-calls',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai', 'deepseek'],
  summary:
    'A tool message with no assistant message with tool_calls right before it (other tool messages aside).',
  source:
    'OpenAI: the answer as quoted in https://github.com/crewAIInc/crewAI/pull/1620, ' +
    'https://github.com/smarter-sh/smarter/issues/264 and ' +
    'https://github.com/microsoft/semantic-kernel/issues/12708 ("preceeding" is its spelling). DeepSeek: the ' +
    'answer as quoted in https://github.com/FoundationAgents/OpenManus/issues/23 and ' +
    'https://github.com/qwersyk/Newelle/issues/425.',
  check(context) {
    const problem = findProblems(context, 'no-tool-calls-before')[0];
    if (problem === undefined) return undefined;
    if (context.dialect === 'deepseek') {
      return {
        status: 400,
        type: 'invalid_request_error',
        code: 'invalid_request_error',
        message: "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
      };
    }
    return {
      status: 400,
      type: 'invalid_request_error',
      param: `messages.[${String(problem.index)}].role`,
      code: null,
      message:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    };
  },
};

/** An assistant `tool_calls` id that no `tool` message right after it answers. */
export const missingToolResultRule: ChatCompletionsReportRule = {
  id: 'chat-completions/missing-tool-result',
  wire: 'chat-completions',
  outcome: 'reports',
  violationType: 'missing-tool-result',
  dialects: ['openai', 'deepseek'],
  summary: 'An assistant tool_calls id with no tool message answering it among the messages right after.',
  source:
    "OpenAI: \"An assistant message with 'tool_calls' must be followed by tool messages responding to each " +
    "'tool_call_id'.\", as reported to https://github.com/agno-agi/agno/issues/3105 and, whole, to " +
    'https://github.com/microsoft/semantic-kernel/issues/10141. DeepSeek: the same words and ' +
    '"(insufficient tool messages following tool_calls message)", as quoted in ' +
    'https://github.com/TurixAI/TuriX-CUA/issues/15 and https://github.com/zed-industries/zed/issues/51944.',
  report: (context) => findProblems(context, 'missing-tool-result').map(({ message }) => message),
};

/** A `tool` message, right after an assistant message with `tool_calls`, for none of its calls. */
export const unexpectedToolResultRule: ChatCompletionsReportRule = {
  id: 'chat-completions/unexpected-tool-result',
  wire: 'chat-completions',
  outcome: 'reports',
  violationType: 'unexpected-tool-result',
  dialects: ['openai'],
  summary: 'A tool message for no tool call of the assistant message before it.',
  source:
    "OpenAI: \"Invalid parameter: 'tool_call_id' of '…' not found in 'tool_calls' of previous message.\", as " +
    'quoted in public code (no issue thread with the whole answer is on record).',
  report: (context) => findProblems(context, 'unexpected-tool-result').map(({ message }) => message),
};

function findProblems<Type extends ToolMessageProblem['type']>(
  context: ChatCompletionsRuleContext,
  type: Type,
): Extract<ToolMessageProblem, { type: Type }>[] {
  if (context.request === undefined) return [];
  return checkToolMessages(context.request.messages).filter(
    (problem): problem is Extract<ToolMessageProblem, { type: Type }> => problem.type === type,
  );
}
