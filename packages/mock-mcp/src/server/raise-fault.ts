import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { defaultThrowCode } from '../spec/mock-response.js';
import { waitUntilAborted } from './wait-until-aborted.js';

/**
 * Delivers a scripted fault: `throw` throws its JSON-RPC error, `crash` ends the session and then waits like
 * `hang` until the request is aborted. Returns at once when the response is no fault.
 */
export async function raiseFault(options: {
  response: { throw?: string | { code: number; message: string; data?: unknown }; crash?: true; hang?: true };
  signal: AbortSignal;
  crash: () => Promise<void>;
}): Promise<void> {
  const { response, signal } = options;
  if (response.throw !== undefined) {
    throw new JsonRpcReplyError(
      typeof response.throw === 'string'
        ? { code: defaultThrowCode, message: response.throw }
        : response.throw,
    );
  }
  if (response.crash !== undefined) {
    await options.crash();
    await waitUntilAborted(signal);
  }
  if (response.hang !== undefined) await waitUntilAborted(signal);
}
