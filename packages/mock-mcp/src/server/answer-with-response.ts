import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import type { JsonObject } from '../spec/json-object-schema.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import { toResponseAction } from '../spec/mock-response.js';
import type { CallContext } from './call-context.js';
import { runSampling } from './run-sampling.js';
import { sendProgressSteps } from './send-progress-steps.js';
import { waitForDelay } from './wait-for-delay.js';
import { waitUntilAborted } from './wait-until-aborted.js';

/**
 * Delivers one scripted response: its progress notifications, its delay, then its action. Returns the tool
 * result, or throws a `JsonRpcReplyError` (`throw`) or the abort reason (`hang`, `crash`, cancellation).
 */
export async function answerWithResponse(options: {
  toolName: string;
  arguments: JsonObject;
  response: MockResponse;
  context: CallContext;
}): Promise<CallToolResult> {
  const { toolName, response, context } = options;
  await sendProgressSteps({ steps: response.progress ?? [], context });
  await waitForDelay({ delayMs: response.delayMs ?? 0, signal: context.signal });
  const action = toResponseAction(response);
  switch (action.type) {
    case 'result':
      return action.structuredContent === undefined
        ? { content: action.content }
        : { content: action.content, structuredContent: action.structuredContent };
    case 'error':
      return { content: [{ type: 'text', text: action.text }], isError: true };
    case 'throw':
      throw new JsonRpcReplyError({ code: action.code, message: action.message, data: action.data });
    case 'crash':
      await context.crash();
      return waitUntilAborted(context.signal);
    case 'hang':
      return waitUntilAborted(context.signal);
    case 'sample':
      return runSampling({ toolName, sample: action.sample, context });
    default: {
      const unknownAction: never = action;
      throw new Error(`Unknown response action: ${JSON.stringify(unknownAction)}`);
    }
  }
}
