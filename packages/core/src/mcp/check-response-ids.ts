import {
  ProtocolError,
  ProtocolErrorCode,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/client';
import { interceptTransport } from './intercept-transport.js';

/** The field of the error data that marks an answer refused here, and holds why. */
const refusedAnswerField = 'toolloopRefusedAnswer';

/**
 * The same transport, except that an answer is taken only when its id is a request's under way, the same
 * value of the same type, as JSON-RPC requires: the SDK reads answers' ids as numbers, so that `"1"`, `"01"` or
 * `" 1"` would all answer request 1. An answer with a pending request's id in another type (`"1"` for 1)
 * fails that request at once, saying why (see {@link describeRefusedAnswer}); any other answer to no request
 * under way is dropped and reported to `onerror`.
 */
export function checkResponseIds(transport: Transport): Transport {
  const pending = new Set<RequestId>();
  const checked = interceptTransport({
    transport,
    onSend: (message) => {
      if (isJSONRPCRequest(message)) pending.add(message.id);
      else if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
        const requestId: unknown = message.params?.requestId;
        if (typeof requestId === 'string' || typeof requestId === 'number') pending.delete(requestId);
      }
    },
    onReceive: (message): JSONRPCMessage | undefined => {
      if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return message;
      // An error answer may come without an id (the server could not read the request's): it answers none.
      if (message.id !== undefined && pending.delete(message.id)) return message;
      const meant = [...pending].find((id) => message.id !== undefined && String(id) === String(message.id));
      if (meant === undefined) {
        checked.onerror?.(
          new Error(
            `Dropped an answer ${message.id === undefined ? 'without an id' : `with the id ${JSON.stringify(message.id)}`}: no request under way has it.`,
          ),
        );
        return undefined;
      }
      pending.delete(meant);
      const why = `answered request ${JSON.stringify(meant)} with the id ${JSON.stringify(message.id)}, a ${typeof message.id} where the request's was a ${typeof meant}; JSON-RPC requires the request's id unchanged, so the answer was refused`;
      return {
        jsonrpc: '2.0',
        id: meant,
        error: { code: ProtocolErrorCode.InternalError, message: why, data: { [refusedAnswerField]: why } },
      };
    },
  });
  return checked;
}

/** Why an answer was refused for its id (`answered request 2 with the id "2", …`), when `error` says so. */
export function describeRefusedAnswer(error: unknown): string | undefined {
  if (!(error instanceof ProtocolError) || typeof error.data !== 'object' || error.data === null)
    return undefined;
  const why: unknown = (error.data as Record<string, unknown>)[refusedAnswerField];
  return typeof why === 'string' ? why : undefined;
}
