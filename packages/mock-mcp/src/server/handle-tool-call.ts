import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import { answerWithResponse } from './answer-with-response.js';
import { applyDueChanges, isAnsweredOutcome } from './apply-due-changes.js';
import type { CallContext } from './call-context.js';
import { askInTurn } from './ask-input-rounds.js';
import { InputNeeded } from './input-request.js';
import type { MockRequestExtra } from './mock-request-extra.js';
import { endCall, type MockServerState, type MockSession } from './mock-server-state.js';
import type { MockToolCall } from './mock-tool-call.js';
import { noMatchingResponseResult } from './no-matching-response-result.js';
import { notifyToolListChanged } from './notify-tool-list-changed.js';
import { noProgress, type CallProgress, type InputRequiredResult } from './pending-inputs.js';
import { replayInputAnswers } from './replay-input-answers.js';
import { selectResponse } from './select-response.js';

const invalidParamsCode = -32602;

interface ToolCallOptions {
  state: MockServerState;
  session: MockSession;
  params: CallToolRequest['params'];
  extra: MockRequestExtra;
  /** Checks a 2026-07-28 client's answers to form elicitations. */
  validator: jsonSchemaValidator;
  crash: () => Promise<void>;
}

/**
 * Answers one `tools/call`: records it, picks the scripted response and delivers it. An unknown tool is a
 * JSON-RPC error; no fitting response is an isError result naming the tool and the arguments. Once answered,
 * the changes of the tool list it made due are applied and announced before the answer goes out.
 *
 * In 2026-07-28 a response that asks the client (an `elicit` or `sample` response) answers the call with
 * `input_required`; the client's retry, carrying the answer and the `requestState`, goes on with the same call.
 */
export async function handleToolCall(
  options: ToolCallOptions,
): Promise<CallToolResult | InputRequiredResult> {
  const { state, extra } = options;
  const resumed =
    extra.input.protocol === '2026-07-28'
      ? state.pendingCalls.resume({
          ...extra.input,
          name: options.params.name,
          arguments: options.params.arguments ?? {},
        })
      : undefined;
  if (resumed !== undefined)
    return deliverAndAnnounce({ ...options, ...resumed.held, progress: resumed.progress });
  const call: MockToolCall = {
    tool: options.params.name,
    arguments: options.params.arguments ?? {},
    protocol: extra.input.protocol,
    responseIndex: undefined,
    outcome: undefined,
    startedAt: Date.now(),
    endedAt: undefined,
    inputRounds: 0,
    sampling: [],
    elicitation: [],
    roots: [],
  };
  state.calls.push(call);
  try {
    const chosen = chooseResponse({ state, call });
    if (chosen.noMatch !== undefined) return chosen.noMatch;
    return await deliver({
      ...options,
      call,
      response: chosen.response,
      progress: noProgress(),
    });
  } finally {
    await announceChanges({ ...options, call });
  }
}

function chooseResponse(options: {
  state: MockServerState;
  call: MockToolCall;
}): { response: MockResponse; noMatch?: never } | { noMatch: CallToolResult } {
  const { state, call } = options;
  const toolState = state.tools.get(call.tool);
  if (toolState === undefined) {
    endCall({ state, call, outcome: 'unknown_tool' });
    const available = [...state.tools.keys()].join(', ');
    throw new JsonRpcReplyError({
      code: invalidParamsCode,
      message: `Unknown tool '${call.tool}'. Available tools: ${available === '' ? '(none)' : available}.`,
    });
  }
  const selected = selectResponse({
    responses: toolState.tool.responses,
    uses: toolState.uses,
    arguments: call.arguments,
  });
  if (selected === undefined) {
    endCall({ state, call, outcome: 'no_match' });
    const noMatch = noMatchingResponseResult({
      toolName: call.tool,
      arguments: call.arguments,
      responses: toolState.tool.responses,
      uses: toolState.uses,
    });
    return { noMatch };
  }
  call.responseIndex = selected.index;
  return { response: selected.response };
}

async function deliverAndAnnounce(
  options: ToolCallOptions & { call: MockToolCall; response: MockResponse; progress: CallProgress },
): Promise<CallToolResult | InputRequiredResult> {
  try {
    return await deliver(options);
  } finally {
    await announceChanges(options);
  }
}

/** Once a call is answered, the changes of the tool list it made due are applied and announced. */
async function announceChanges(options: ToolCallOptions & { call: MockToolCall }): Promise<void> {
  const { state, session, extra, call } = options;
  if (!isAnsweredOutcome(call.outcome) || applyDueChanges(state).length === 0) return;
  await notifyToolListChanged({
    state,
    caller:
      extra.input.protocol === '2025-11-25'
        ? { session, sendNotification: extra.sendNotification }
        : undefined,
  });
}

async function deliver(
  options: ToolCallOptions & { call: MockToolCall; response: MockResponse; progress: CallProgress },
): Promise<CallToolResult | InputRequiredResult> {
  const { state, session, extra, call, response, progress } = options;
  const signal = AbortSignal.any([extra.signal, state.closing.signal]);
  const input =
    extra.input.protocol === '2025-11-25'
      ? { ...extra.input, replaying: () => false, askRound: askInTurn(extra.input) }
      : replayInputAnswers({
          answers: progress.answers,
          asked: progress.asked,
          validator: options.validator,
        });
  let pick = 0;
  if (extra.input.protocol === '2026-07-28') {
    // The delivery records its exchanges again, now with the answers.
    call.sampling.length = 0;
    call.elicitation.length = 0;
    call.roots.length = 0;
  }
  const context: CallContext = {
    state,
    session,
    call,
    protocol: extra.input.protocol,
    replaying: input.replaying,
    signal,
    progressToken: extra.progressToken,
    sendNotification: extra.sendNotification,
    createMessage: input.createMessage,
    elicitInput: input.elicitInput,
    askRound: input.askRound,
    // Each delivery chooses as the one before it did; a choice not made before is made now and kept.
    choose: (select) => {
      pick += 1;
      if (pick <= progress.picks.length) return progress.picks[pick - 1];
      const chosen = select();
      progress.picks.push(chosen);
      return chosen;
    },
    validator: options.validator,
    clientCapabilities: extra.clientCapabilities,
    crash: async () => {
      endCall({ state, call, outcome: 'crash' });
      await options.crash();
    },
  };
  try {
    const result = await answerWithResponse({
      toolName: call.tool,
      arguments: call.arguments,
      response,
      context,
    });
    endCall({ state, call, outcome: result.isError === true ? 'error' : 'result' });
    return result;
  } catch (error) {
    if (error instanceof InputNeeded) {
      const asked = state.pendingCalls.ask({
        request: { describe: `call of '${call.tool}'`, name: call.tool, arguments: call.arguments },
        held: { call, response },
        progress,
        round: error.round,
      });
      if (asked.newRound) call.inputRounds += 1;
      return asked.result;
    }
    endCall({ state, call, outcome: context.signal.aborted ? 'cancelled' : 'throw' });
    throw error;
  }
}
