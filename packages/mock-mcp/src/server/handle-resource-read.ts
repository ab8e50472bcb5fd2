import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { fillPlaceholders, toPlaceholderValues } from '../spec/fill-placeholders.js';
import type { ResourceResponse } from '../spec/resource-response-schema.js';
import { describeResources, findResource } from './find-resource.js';
import type { MockServerState } from './mock-server-state.js';
import { raiseFault } from './raise-fault.js';
import { selectResponse } from './select-response.js';
import { waitForDelay } from './wait-for-delay.js';

/** The JSON-RPC error code MCP gives an unknown resource. */
export const resourceNotFoundCode = -32002;

const internalErrorCode = -32603;

/**
 * Answers one `resources/read`: the resource with that URI, else the first template it fits, answers with the
 * first response that is not used up and whose `match` fits the URI's variables, after its `delayMs`.
 * An unknown URI is error -32002; no fitting response is an internal error that says why.
 */
export async function handleResourceRead(options: {
  state: MockServerState;
  uri: string;
  signal: AbortSignal;
  crash: () => Promise<void>;
}): Promise<ReadResourceResult> {
  const { state, uri, signal } = options;
  const found = findResource({ state, uri });
  if (found === undefined) {
    throw new JsonRpcReplyError({
      code: resourceNotFoundCode,
      message: `Resource '${uri}' not found. Resources and templates: ${describeResources(state)}.`,
      data: { uri },
    });
  }
  const { source, variables } = found;
  const selected = selectResponse<ResourceResponse>({
    responses: source.item.responses,
    uses: source.uses,
    arguments: variables,
  });
  if (selected === undefined) {
    throw new JsonRpcReplyError({
      code: internalErrorCode,
      message: `No scripted response of resource '${uri}' fits (variables ${JSON.stringify(variables)}; responses used up by times do not count).`,
    });
  }
  const response = fillPlaceholders(selected.response, toPlaceholderValues(variables));
  await waitForDelay({ delayMs: response.delayMs ?? 0, signal });
  await raiseFault({ response, signal, crash: options.crash });
  const mimeType = source.item.mimeType;
  return { contents: toContents({ response, uri, mimeType }) };
}

function toContents(options: {
  response: ResourceResponse;
  uri: string;
  mimeType: string | undefined;
}): ReadResourceResult['contents'] {
  const { response, uri } = options;
  const mimeType = options.mimeType === undefined ? {} : { mimeType: options.mimeType };
  if (response.text !== undefined) return [{ uri, ...mimeType, text: response.text }];
  if (response.blob !== undefined) return [{ uri, ...mimeType, blob: response.blob }];
  return (response.contents ?? []).map((part) => ({ uri, ...mimeType, ...part }));
}
