import { randomUUID } from 'node:crypto';
import type {
  CallToolResult,
  ClientCapabilities,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { ElicitSpec } from '../spec/elicit-spec-schema.js';
import { fillPlaceholders, toPlaceholderValues } from '../spec/fill-placeholders.js';
import { answerWithResponse } from './answer-with-response.js';
import type { CallContext } from './call-context.js';
import { errorResult } from './error-result.js';
import { InputNeeded } from './input-request.js';
import { refuseMissingCapability } from './refuse-missing-capability.js';

/**
 * The `elicit` response: sends `elicitation/create` to the client in the middle of the call (form or URL mode)
 * and answers by the user's action with the response given for it (`accept`, `decline`, `cancel`; `{{field}}`
 * in `accept` is the value filled in), or by default with `{ action, content }` as structured content. In URL
 * mode an accepted elicitation is followed by `notifications/elicitation/complete` (unless `notifyCompletion`
 * is false). A client without the capability for the mode gets an isError result that says so.
 */
export async function runElicitation(options: {
  toolName: string;
  elicit: ElicitSpec;
  context: CallContext;
}): Promise<CallToolResult> {
  const { toolName, elicit, context } = options;
  const capabilityProblem = checkCapability({ toolName, elicit, context });
  if (capabilityProblem !== undefined) {
    return refuseMissingCapability({
      protocol: context.protocol,
      required: { elicitation: { [elicit.mode]: {} } },
      message: capabilityProblem,
    });
  }
  const request = toRequest(elicit);
  const exchange: { request: typeof request; result?: ElicitResult } = { request };
  context.call.elicitation.push(exchange);
  let result: ElicitResult;
  try {
    result = await context.elicitInput(request);
    exchange.result = result;
  } catch (error) {
    context.signal.throwIfAborted();
    if (error instanceof InputNeeded) throw error;
    return errorResult(
      `The elicitation request failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // 2026-07-28 has no completion notification: the URL elicitation's answer is the retry itself.
  if (
    request.mode === 'url' &&
    result.action === 'accept' &&
    elicit.notifyCompletion &&
    context.protocol === '2025-11-25'
  ) {
    await context.sendNotification({
      method: 'notifications/elicitation/complete',
      params: { elicitationId: request.elicitationId },
    });
  }
  const followUp = elicit[result.action];
  if (followUp === undefined) return defaultResult(result);
  const response =
    result.action === 'accept'
      ? fillPlaceholders(followUp, toPlaceholderValues(result.content ?? {}))
      : followUp;
  return answerWithResponse({ toolName, arguments: context.call.arguments, response, context });
}

function toRequest(elicit: ElicitSpec): ElicitRequestFormParams | ElicitRequestURLParams {
  if (elicit.mode === 'url') {
    return {
      mode: 'url',
      message: elicit.message,
      url: elicit.url ?? '',
      elicitationId: elicit.elicitationId ?? randomUUID(),
    };
  }
  return {
    mode: 'form',
    message: elicit.message,
    requestedSchema: elicit.requestedSchema as ElicitRequestFormParams['requestedSchema'],
  };
}

function checkCapability(options: {
  toolName: string;
  elicit: ElicitSpec;
  context: CallContext;
}): string | undefined {
  const { toolName, elicit, context } = options;
  const elicitation = context.clientCapabilities?.elicitation;
  const prefix = `Tool '${toolName}' asks the user through ${elicit.mode} elicitation, but the client`;
  if (elicitation === undefined) {
    return `${prefix} did not declare the elicitation capability (capabilities: { elicitation: { ${elicit.mode}: {} } }).`;
  }
  if (!supportsElicitationMode({ capabilities: context.clientCapabilities, mode: elicit.mode })) {
    return `${prefix} did not declare that mode (capabilities: { elicitation: { ${elicit.mode}: {} } }).`;
  }
  return undefined;
}

function defaultResult(result: ElicitResult): CallToolResult {
  const structuredContent = {
    action: result.action,
    ...(result.content === undefined ? {} : { content: result.content }),
  };
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/**
 * Whether the client declared elicitation in `mode`. An empty `elicitation: {}` declares form mode, as the
 * revisions before URL mode wrote it (MCP 2025-11-25, client capabilities).
 */
export function supportsElicitationMode(options: {
  capabilities: ClientCapabilities | undefined;
  mode: 'form' | 'url';
}): boolean {
  const elicitation = options.capabilities?.elicitation;
  if (elicitation === undefined) return false;
  if (elicitation[options.mode] !== undefined) return true;
  return options.mode === 'form' && Object.keys(elicitation).length === 0;
}
