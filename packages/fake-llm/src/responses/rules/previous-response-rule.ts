import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { ResponsesRule } from './responses-rule.js';

/**
 * A `previous_response_id` the fake does not keep: none of its responses, or one created with `store: false`
 * (the API keeps nothing of those), or one the client did not get whole.
 */
export const previousResponseRule: ResponsesRule = {
  id: 'responses/previous-response-not-found',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    'A previous_response_id naming no response the API keeps (none of this script, one created with ' +
    'store: false, or one the client did not get whole).',
  source:
    'The answer as quoted in https://github.com/maximhq/bifrost/issues/2441 (code previous_response_not_found) ' +
    'and https://github.com/bigduu/Bamboo-agent/pull/513 (param previous_response_id, after store: false turns).',
  check({ request, previousResponseKept }) {
    if (previousResponseKept || request?.previousResponseId === undefined) return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      param: 'previous_response_id',
      code: 'previous_response_not_found',
      message: `Previous response with id '${shortenForMessage(request.previousResponseId)}' not found.`,
    };
  },
};
