import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';

const invalidParamsCode = -32602;

/** A retry whose `requestState` this server never gave out, or gave for a request that has ended. */
export function invalidRequestStateError(): JsonRpcReplyError {
  return new JsonRpcReplyError({
    code: invalidParamsCode,
    message:
      'Invalid or expired requestState: this server did not ask for input with it, or the request it belongs to has ended.',
    data: { reason: 'invalid_request_state' },
  });
}

/** A retry whose `requestState` was given for another request (`what`: "call of 'book'", "prompt 'brief'"). */
export function requestStateOfAnotherRequestError(what: string): JsonRpcReplyError {
  return new JsonRpcReplyError({
    code: invalidParamsCode,
    message: `The requestState belongs to another request (the ${what}, with its own arguments); a retry sends the request's own name and arguments again.`,
  });
}
