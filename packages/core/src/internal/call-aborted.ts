import type { ToolCallRequest } from '../tools/tool-source.js';

/**
 * The loop's checks, by the request object they were made for. Not a property of the request: a tool source that
 * wraps another and passes on a copy with a signal of its own (`{ ...request, signal }`) must have that signal
 * read, not the original's check, which a spread would copy along.
 */
const abortedChecks = new WeakMap<ToolCallRequest, () => boolean>();

/**
 * Gives a call request a way to tell whether the call was aborted without reading its `signal`, which the loop
 * makes only when read (`createLazyAbortController`).
 */
export function withAbortedCheck(request: ToolCallRequest, aborted: () => boolean): ToolCallRequest {
  abortedChecks.set(request, aborted);
  return request;
}

/** Whether a call was aborted: from the loop's check when this very request has one, else from its signal. */
export function isCallAborted(request: ToolCallRequest): boolean {
  const check = abortedChecks.get(request);
  return check === undefined ? request.signal.aborted : check();
}
