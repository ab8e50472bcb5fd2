import { InvalidToolInputError } from '../errors/invalid-tool-input-error.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';
import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { ToolCallPart } from '../model/messages.js';
import type { ToolSource } from '../tools/tool-source.js';
import { createErrorOutput, type ToolCallOutcome } from './tool-call-outcome.js';

/**
 * Runs one tool call and never throws: a throw, an `isError` result, invalid arguments, a timeout and a
 * cancelled turn all come back as an error outcome the model will see. The call gets its own signal, aborted
 * by `toolTimeoutMs` or by the turn; its timer is cleared whatever happens.
 */
export async function executeToolCall({
  call,
  source,
  toolTimeoutMs,
  turnSignal,
}: {
  call: ToolCallPart;
  source: ToolSource;
  toolTimeoutMs: number;
  turnSignal: AbortSignal;
}): Promise<ToolCallOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);

  if (call.inputError !== undefined) {
    // Arguments that are not JSON never reach the tool.
    const error = new InvalidToolInputError({ toolName: call.name, issues: [call.inputError] });
    return { ...failed(error.message, 'invalid_tool_input', elapsed()), executed: false };
  }

  const controller = createLinkedAbortController({
    signals: [turnSignal],
    timeoutMs: toolTimeoutMs,
    timeoutReason: () => new ToolTimeoutError({ toolName: call.name, timeoutMs: toolTimeoutMs }),
  });
  try {
    const output = await raceWithSignal(
      source.callTool({ toolCallId: call.id, name: call.name, input: call.input, signal: controller.signal }),
      controller.signal,
    );
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
    if (ToolTimeoutError.isInstance(error)) return failed(error.message, 'tool_timeout', elapsed());
    if (InvalidToolInputError.isInstance(error))
      return failed(error.message, 'invalid_tool_input', elapsed());
    const message = error instanceof Error ? error.message : String(error);
    return failed(`Tool '${call.name}' failed: ${message}`, 'tool_error', elapsed());
  } finally {
    controller.dispose();
  }
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
