import { checkOfferedTools } from './check-offered-tools.js';
import type { LlmStep } from '../script/llm-step.js';
import type { CreateErrorResponse } from './create-error-response.js';
import { holdRequest, requestSignal, type FakeLlmState } from './fake-llm-state.js';
import { nameScriptRequest, type ReceivedRequest } from './record-request.js';
import { respondWithStep, type StepWire } from './respond-with-step.js';
import { takeStep } from './take-step.js';

/**
 * The part of answering a request both wires share, once its body is read and checked: take the script's next
 * step (a named 500 when the script has run out), check the tools offered against the step's `expectTools`,
 * and answer with the step in the wire's format. `createWire` gets the step, for the wire's content.
 */
export function answerWithNextStep(options: {
  request: Request;
  state: FakeLlmState;
  received: ReceivedRequest;
  createError: CreateErrorResponse;
  offeredToolNames: string[];
  stream: boolean;
  createWire: (step: LlmStep) => StepWire;
  /** Called once the answer is over; see `respondWithStep` (`false` when no step answers). */
  onSettled?: (completed: boolean) => void;
}): Promise<Response> {
  const { request, state, received, createError } = options;
  const { route, requestIndex, requestId } = received;
  const step = takeStep({ received, createError });
  if (!step.success) {
    options.onSettled?.(false);
    return Promise.resolve(step.response);
  }
  const toolsProblem = checkOfferedTools({
    toolNames: options.offeredToolNames,
    expectTools: step.value.expectTools,
  });
  if (toolsProblem !== undefined) {
    route.addViolation({
      type: 'unexpected-tools',
      requestIndex,
      message: `${nameScriptRequest(received)}: ${toolsProblem}`,
    });
  }
  return respondWithStep({
    step: step.value,
    stream: options.stream,
    route,
    requestIndex,
    requestId,
    signal: requestSignal(request, state),
    shutdownSignal: state.shutdown.signal,
    activity: state.activity,
    wire: options.createWire(step.value),
    onSettled: options.onSettled,
    onDone: holdRequest(request, state),
  });
}
