import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonRecord } from '../spec/json-object-schema.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import { toResponseAction } from '../spec/mock-response.js';
import type { CallContext } from './call-context.js';
import { notifyResourceUpdated } from './notify-resource-updated.js';
import { raiseFault } from './raise-fault.js';
import { runElicitation } from './run-elicitation.js';
import { runInputRequired } from './run-input-required.js';
import { runSampling } from './run-sampling.js';
import { sendLogMessages } from './send-log-messages.js';
import { sendProgressSteps } from './send-progress-steps.js';
import { waitForDelay } from './wait-for-delay.js';

/**
 * Delivers one scripted response: its progress notifications, its log messages, its resource updates, its
 * delay (not again when a 2026-07-28 call is delivered again for its next input), then its action. Returns the tool result, or throws a `JsonRpcReplyError` (`throw`) or the abort
 * reason (`hang`, `crash`, cancellation).
 */
export async function answerWithResponse(options: {
  toolName: string;
  arguments: JsonRecord;
  response: MockResponse;
  context: CallContext;
}): Promise<CallToolResult> {
  const { toolName, response, context } = options;
  if (!context.replaying()) await deliverSideEffects({ response, context });
  const action = toResponseAction(response);
  switch (action.type) {
    case 'result':
      return action.structuredContent === undefined
        ? { content: action.content }
        : { content: action.content, structuredContent: action.structuredContent };
    case 'error':
      return { content: [{ type: 'text', text: action.text }], isError: true };
    case 'throw':
    case 'crash':
    case 'hang':
      await raiseFault({ response, signal: context.signal, crash: context.crash });
      throw new Error(`The ${action.type} response of tool '${toolName}' ended without an answer.`);
    case 'sample':
      return runSampling({ toolName, sample: action.sample, context });
    case 'elicit':
      return runElicitation({ toolName, elicit: action.elicit, context });
    case 'inputRequired':
      return runInputRequired({ toolName, spec: action.inputRequired, context });
    default: {
      const unknownAction: never = action;
      throw new Error(`Unknown response action: ${JSON.stringify(unknownAction)}`);
    }
  }
}

/** A response's progress notifications, log messages and resource updates, then its delay. */
async function deliverSideEffects(options: { response: MockResponse; context: CallContext }): Promise<void> {
  const { response, context } = options;
  await sendProgressSteps({ steps: response.progress ?? [], context });
  await sendLogMessages({ messages: response.log ?? [], context });
  for (const uri of response.updatedResources ?? []) {
    await notifyResourceUpdated({ state: context.state, uri });
  }
  await waitForDelay({ delayMs: response.delayMs ?? 0, signal: context.signal });
}
