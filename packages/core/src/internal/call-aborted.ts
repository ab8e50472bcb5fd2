import type { ToolCallRequest } from '../tools/tool-source.js';

const abortedCheck = Symbol('toolloop.callAborted');

type CheckedRequest = ToolCallRequest & { [abortedCheck]?: () => boolean };

/**
 * Gives a call request a way to tell whether the call was aborted without reading its `signal`, which the loop
 * makes only when read (`createLazyAbortController`).
 */
export function withAbortedCheck(request: ToolCallRequest, aborted: () => boolean): ToolCallRequest {
  (request as CheckedRequest)[abortedCheck] = aborted;
  return request;
}

/** Whether a call was aborted: from the loop's check when the request has one, else from its signal. */
export function isCallAborted(request: ToolCallRequest): boolean {
  const check = (request as CheckedRequest)[abortedCheck];
  return check === undefined ? request.signal.aborted : check();
}
