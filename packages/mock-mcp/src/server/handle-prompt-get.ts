import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { fillPlaceholders } from '../spec/fill-placeholders.js';
import type { PromptResponse } from '../spec/prompt-response-schema.js';
import type { MockServerState } from './mock-server-state.js';
import { raiseFault } from './raise-fault.js';
import { selectResponse } from './select-response.js';
import { waitForDelay } from './wait-for-delay.js';

const invalidParamsCode = -32602;
const internalErrorCode = -32603;

/**
 * Answers one `prompts/get`: the first response of the prompt that is not used up and whose `match` fits the
 * arguments, after its `delayMs`, with `{{argument}}` filled in. An unknown prompt or a missing required
 * argument is InvalidParams; no fitting response is an internal error that says why.
 */
export async function handlePromptGet(options: {
  state: MockServerState;
  name: string;
  arguments: Record<string, string>;
  signal: AbortSignal;
  crash: () => Promise<void>;
}): Promise<GetPromptResult> {
  const { state, name, signal } = options;
  const source = state.prompts.get(name);
  if (source === undefined) {
    const known = [...state.prompts.keys()].join(', ');
    throw new JsonRpcReplyError({
      code: invalidParamsCode,
      message: `Unknown prompt '${name}'. Prompts: ${known === '' ? '(none)' : known}.`,
    });
  }
  const missing = (source.item.arguments ?? []).filter(
    (argument) => argument.required === true && options.arguments[argument.name] === undefined,
  );
  if (missing.length > 0) {
    throw new JsonRpcReplyError({
      code: invalidParamsCode,
      message: `Prompt '${name}' needs the argument${missing.length === 1 ? '' : 's'} ${missing.map((argument) => `'${argument.name}'`).join(', ')}.`,
    });
  }
  const selected = selectResponse<PromptResponse>({
    responses: source.item.responses,
    uses: source.uses,
    arguments: options.arguments,
  });
  if (selected === undefined) {
    throw new JsonRpcReplyError({
      code: internalErrorCode,
      message: `No scripted response of prompt '${name}' matched the arguments ${JSON.stringify(options.arguments)} (responses used up by times do not count).`,
    });
  }
  const response = fillPlaceholders(selected.response, options.arguments);
  await waitForDelay({ delayMs: response.delayMs ?? 0, signal });
  await raiseFault({ response, signal, crash: options.crash });
  return {
    ...(response.description === undefined ? {} : { description: response.description }),
    messages: response.messages ?? [],
  };
}
