import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import {
  fillAnswerPlaceholders,
  fillKnownPlaceholders,
  fillPlaceholders,
} from '../spec/fill-placeholders.js';
import type { PromptResponse } from '../spec/prompt-response-schema.js';
import { askInputRounds, askInTurn } from './ask-input-rounds.js';
import { InputNeeded } from './input-request.js';
import type { MockRequestExtra } from './mock-request-extra.js';
import type { MockServerState } from './mock-server-state.js';
import { noProgress, type CallProgress, type InputRequiredResult } from './pending-inputs.js';
import { replayInputAnswers } from './replay-input-answers.js';
import { raiseFault } from './raise-fault.js';
import { selectResponse } from './select-response.js';
import { waitForDelay } from './wait-for-delay.js';

const invalidParamsCode = -32602;
const internalErrorCode = -32603;

/** One `prompts/get` and what answering it needs. */
interface PromptRequest {
  state: MockServerState;
  name: string;
  arguments: Record<string, string>;
  signal: AbortSignal;
  extra: MockRequestExtra;
  /** Checks the answers to the prompt's questions. */
  validator: jsonSchemaValidator;
}

/**
 * Answers one `prompts/get`: the first response of the prompt that is not used up and whose `match` fits the
 * arguments, after its `delayMs`, with `{{argument}}` filled in; one that asks (`inputRequired`) first has its
 * questions answered (a 2026-07-28 retry goes on with the response its first request chose). An unknown prompt
 * or a missing required argument is InvalidParams; no fitting response is an internal error that says why.
 */
export async function handlePromptGet(
  options: PromptRequest & { crash: () => Promise<void> },
): Promise<GetPromptResult | InputRequiredResult> {
  const { state, name, signal, extra } = options;
  const resumed =
    extra.input.protocol === '2026-07-28'
      ? state.pendingPrompts.resume({ ...extra.input, name, arguments: options.arguments })
      : undefined;
  if (resumed !== undefined)
    return answerWithQuestions({ ...options, ...resumed.held, progress: resumed.progress });
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
  if (selected.response.inputRequired !== undefined) {
    return answerWithQuestions({
      ...options,
      responseIndex: selected.index,
      progress: noProgress(),
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

/**
 * A response that asks before it answers (`inputRequired`): its rounds of questions (in 2026-07-28 each an
 * `input_required` answer, in 2025-11-25 requests sent during the request), then its messages, filled from the
 * prompt's arguments and the answers.
 */
async function answerWithQuestions(
  options: PromptRequest & { responseIndex: number; progress: CallProgress },
): Promise<GetPromptResult | InputRequiredResult> {
  const { state, name, extra, progress } = options;
  const spec = state.prompts.get(name)?.item.responses[options.responseIndex]?.inputRequired;
  if (spec === undefined) throw new Error(`Prompt '${name}' no longer has the response it asked with.`);
  const input =
    extra.input.protocol === '2025-11-25'
      ? { askRound: askInTurn(extra.input) }
      : replayInputAnswers({
          answers: progress.answers,
          asked: progress.asked,
          validator: options.validator,
        });
  try {
    const asked = await askInputRounds({
      asker: `Prompt '${name}'`,
      spec: fillKnownPlaceholders(spec, options.arguments),
      input: {
        protocol: extra.input.protocol,
        clientCapabilities: extra.clientCapabilities,
        askRound: input.askRound,
        validator: options.validator,
        signal: options.signal,
      },
    });
    if ('failed' in asked) throw new JsonRpcReplyError({ code: internalErrorCode, message: asked.failed });
    const answer = fillAnswerPlaceholders(asked.then, { ...options.arguments, ...asked.values });
    return {
      ...(answer.description === undefined ? {} : { description: answer.description }),
      messages: answer.messages,
    };
  } catch (error) {
    if (!(error instanceof InputNeeded)) throw error;
    return state.pendingPrompts.ask({
      request: { describe: `prompt '${name}'`, name, arguments: options.arguments },
      held: { responseIndex: options.responseIndex },
      progress,
      round: error.round,
    }).result;
  }
}
