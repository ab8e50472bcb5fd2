import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';

/** A `tool_choice` that names a function (or custom tool) the request's `tools` do not offer. */
export const toolChoiceFunctionRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/tool-choice-function',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary: 'A tool_choice naming a function (or custom tool) that is not among the tools offered.',
  source:
    'OpenAI, create chat completion (https://platform.openai.com/docs/api-reference/chat/create): tool_choice ' +
    '"forces the model to call that tool", one of the tools given. No answer of the API to this request is on ' +
    "record, so the wording is the fake's own, in the form of the API's other 'Invalid value for' messages.",
  check({ body }) {
    const choice = body.tool_choice;
    if (!isRecord(choice) || (choice.type !== 'function' && choice.type !== 'custom')) return undefined;
    const kind = choice.type;
    const named = isRecord(choice[kind]) ? choice[kind].name : undefined;
    if (typeof named !== 'string' || !Array.isArray(body.tools)) return undefined;
    const offered = (body.tools as unknown[]).flatMap((tool) => {
      if (!isRecord(tool) || tool.type !== kind || !isRecord(tool[kind])) return [];
      const name = tool[kind].name;
      return typeof name === 'string' ? [name] : [];
    });
    if (offered.includes(named)) return undefined;
    const tools = offered.length === 0 ? `no ${kind} tool` : offered.map((name) => `'${name}'`).join(', ');
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'tool_choice',
      code: null,
      message: shortenForMessage(
        `Invalid value for 'tool_choice': the ${kind === 'function' ? 'function' : 'custom tool'} '${named}' is not among the 'tools' specified (${tools}).`,
        400,
      ),
    };
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
