import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { ResponsesRule } from './responses-rule.js';

/** A `function_call_output` whose `call_id` names no `function_call` before it in the conversation. */
export const functionCallOutputRule: ResponsesRule = {
  id: 'responses/function-call-output-without-call',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    'A function_call_output whose call_id matches no function_call before it (in the input, or in the ' +
    'conversation of previous_response_id).',
  source:
    'The answer as quoted in https://github.com/continuedev/continue/issues/10092 (param input, code null) and ' +
    'https://github.com/agentscope-ai/AgentTeams/issues/299.',
  check({ conversation }) {
    const callIds = new Set<unknown>();
    for (const item of conversation) {
      if (item.type === 'function_call') callIds.add(item.call_id);
      if (item.type !== 'function_call_output' || callIds.has(item.call_id)) continue;
      return {
        status: 400,
        type: 'invalid_request_error',
        param: 'input',
        code: null,
        message: `No tool call found for function call output with call_id ${shortenForMessage(String(item.call_id))}.`,
      };
    }
    return undefined;
  },
};
