import { InvalidToolInputError } from '../errors/invalid-tool-input-error.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';
import type { AbortFanOut } from '../internal/create-abort-fan-out.js';
import { withAbortedCheck } from '../internal/call-aborted.js';
import { cloneJsonValue } from '../internal/clone-json-value.js';
import { describeThrown } from '../internal/describe-thrown.js';
import { createLazyAbortController } from '../internal/lazy-abort-controller.js';
import type { ToolCallPart, ToolOutput } from '../model/messages.js';
import type { ToolCallRequest, ToolProgress, ToolSource } from '../tools/tool-source.js';
import { wasNotStarted } from '../tools/not-started.js';
import { createErrorOutput, refuseAfterTurnEnded, type ToolCallOutcome } from './tool-call-outcome.js';

/**
 * Runs one tool call and never throws: a throw (of any value), an `isError` result, invalid arguments, a
 * timeout and a cancelled turn all come back as an error outcome the model will see. The call gets its own
 * signal, aborted by `toolTimeoutMs` or by the turn (through `turnAbort`); its timer is cleared whatever happens.
 */
export async function executeToolCall({
  call,
  source,
  toolTimeoutMs,
  turnSignal,
  turnAbort,
  onProgress,
}: {
  call: ToolCallPart;
  source: ToolSource;
  toolTimeoutMs: number;
  turnSignal: AbortSignal;
  turnAbort: AbortFanOut;
  /** Given to the source; what it reports once the call has settled is dropped. */
  onProgress: (update: ToolProgress) => void;
}): Promise<ToolCallOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);

  if (call.inputError !== undefined) {
    // Arguments that are not JSON never reach the tool.
    const error = new InvalidToolInputError({ toolName: call.name, issues: [call.inputError] });
    return { ...failed(error.message, 'invalid_tool_input', elapsed()), executed: false };
  }

  // The call's signal is made only if the source reads it: most calls end without anyone looking.
  const controller = createLazyAbortController({
    timeoutMs: toolTimeoutMs,
    timeoutReason: () => new ToolTimeoutError({ toolName: call.name, timeoutMs: toolTimeoutMs }),
  });
  const unlink = turnAbort.add(controller);
  let settled = false;
  try {
    // The tool gets its own copy of the arguments: whatever it does to them, the transcript keeps the model's.
    const request = withAbortedCheck(
      {
        toolCallId: call.id,
        name: call.name,
        input: cloneJsonValue(call.input),
        get signal() {
          return controller.signal;
        },
        onProgress: (update: ToolProgress) => {
          if (!settled) onProgress(update);
        },
      },
      () => controller.aborted,
    );
    const output: unknown = await controller.race(callSource(source, request));
    if (!isToolOutput(output)) {
      return failed(
        `Tool '${call.name}' failed: its tool source returned ${describeShape(output)} instead of a ToolOutput ({ content: [...] }).`,
        'tool_error',
        elapsed(),
      );
    }
    const isError = output.isError === true;
    const outcome: ToolCallOutcome = {
      output,
      isError,
      executed: true,
      countsAsError: isError,
      durationMs: elapsed(),
    };
    if (isError) outcome.errorCode = 'tool_error';
    return outcome;
  } catch (error) {
    if (turnSignal.aborted && wasNotStarted(error)) return refuseAfterTurnEnded(call.name, turnSignal);
    if (turnSignal.aborted) {
      return {
        ...failed(
          `Tool '${call.name}' was cancelled: the turn ended before it finished.`,
          'tool_error',
          elapsed(),
        ),
        countsAsError: false,
      };
    }
    if (ToolTimeoutError.isInstance(error)) return failed(describeThrown(error), 'tool_timeout', elapsed());
    // Arguments the tool's schema rejects: the tool itself never ran (its own invalid-input errors, it did).
    if (InvalidToolInputError.isInstance(error)) {
      return {
        ...failed(describeThrown(error), 'invalid_tool_input', elapsed()),
        executed: !wasNotStarted(error),
      };
    }
    if (wasNotStarted(error)) {
      return {
        ...failed(`Tool '${call.name}' failed: ${describeThrown(error)}`, 'tool_error', elapsed()),
        executed: false,
      };
    }
    return failed(`Tool '${call.name}' failed: ${describeThrown(error)}`, 'tool_error', elapsed());
  } finally {
    settled = true;
    unlink();
    controller.dispose();
  }
}

/** Calls the source now (never a tick later: the turn may end meanwhile), taking a throw or a plain value too. */
function callSource(source: ToolSource, request: ToolCallRequest): Promise<unknown> {
  try {
    return Promise.resolve(source.callTool(request));
  } catch (error) {
    // Whatever was thrown is passed on as it is, for the caller to describe.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(error);
  }
}

/** What a source's `callTool` must resolve with; anything else would corrupt the transcript. */
function isToolOutput(value: unknown): value is ToolOutput {
  if (typeof value !== 'object' || value === null) return false;
  const content: unknown = (value as Record<string, unknown>).content;
  return (
    Array.isArray(content) && content.every((block: unknown) => typeof block === 'object' && block !== null)
  );
}

function failed(text: string, errorCode: ToolCallOutcome['errorCode'], durationMs: number): ToolCallOutcome {
  return {
    output: createErrorOutput(text),
    isError: true,
    executed: true,
    countsAsError: true,
    errorCode,
    durationMs,
  };
}

/** What a value is, for a message about the wrong one: its kind, never its content (which may be a secret). */
function describeShape(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value !== 'object') return `a ${typeof value}`;
  return Array.isArray((value as Record<string, unknown>).content)
    ? 'an object whose content holds something other than blocks'
    : 'an object without a content list';
}
