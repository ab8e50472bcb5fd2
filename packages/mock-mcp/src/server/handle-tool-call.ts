import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolRequest,
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { answerWithResponse } from './answer-with-response.js';
import { applyDueChanges, isAnsweredOutcome } from './apply-due-changes.js';
import type { CallContext } from './call-context.js';
import { endCall, type MockServerState, type MockSession } from './mock-server-state.js';
import type { MockToolCall } from './mock-tool-call.js';
import { noMatchingResponseResult } from './no-matching-response-result.js';
import { notifyToolListChanged } from './notify-tool-list-changed.js';
import { selectResponse } from './select-response.js';

const invalidParamsCode = -32602;

interface ToolCallOptions {
  state: MockServerState;
  session: McpServer;
  sessionState: MockSession;
  request: CallToolRequest;
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
  crash: () => Promise<void>;
}

/**
 * Answers one `tools/call`: records it, picks the scripted response and delivers it. An unknown tool is a
 * JSON-RPC error; no fitting response is an isError result naming the tool and the arguments. Once answered,
 * the changes of the tool list it made due are applied and announced before the answer goes out.
 */
export async function handleToolCall(options: ToolCallOptions): Promise<CallToolResult> {
  const { state, session, request, extra } = options;
  const call: MockToolCall = {
    tool: request.params.name,
    arguments: request.params.arguments ?? {},
    responseIndex: undefined,
    outcome: undefined,
    startedAt: Date.now(),
    endedAt: undefined,
    sampling: [],
    elicitation: [],
  };
  state.calls.push(call);
  try {
    return await answerCall({ ...options, call });
  } finally {
    if (isAnsweredOutcome(call.outcome) && applyDueChanges(state).length > 0) {
      await notifyToolListChanged({
        state,
        caller: { session, sendNotification: extra.sendNotification },
      });
    }
  }
}

async function answerCall(options: ToolCallOptions & { call: MockToolCall }): Promise<CallToolResult> {
  const { state, session, extra, call } = options;
  const toolName = call.tool;
  const args = call.arguments;
  const toolState = state.tools.get(toolName);
  if (toolState === undefined) {
    endCall({ state, call, outcome: 'unknown_tool' });
    const available = [...state.tools.keys()].join(', ');
    throw new JsonRpcReplyError({
      code: invalidParamsCode,
      message: `Unknown tool '${toolName}'. Available tools: ${available === '' ? '(none)' : available}.`,
    });
  }
  const selected = selectResponse({
    responses: toolState.tool.responses,
    uses: toolState.uses,
    arguments: args,
  });
  if (selected === undefined) {
    endCall({ state, call, outcome: 'no_match' });
    return noMatchingResponseResult({
      toolName,
      arguments: args,
      responses: toolState.tool.responses,
      uses: toolState.uses,
    });
  }
  call.responseIndex = selected.index;
  const signal = AbortSignal.any([extra.signal, state.closing.signal]);
  const context: CallContext = {
    state,
    session: options.sessionState,
    call,
    signal,
    progressToken: extra._meta?.progressToken,
    sendNotification: extra.sendNotification,
    createMessage: (params) =>
      session.server.createMessage(params, { relatedRequestId: extra.requestId, signal }),
    elicitInput: (params) =>
      session.server.elicitInput(params, { relatedRequestId: extra.requestId, signal }),
    clientCapabilities: session.server.getClientCapabilities(),
    crash: async () => {
      endCall({ state, call, outcome: 'crash' });
      await options.crash();
    },
  };
  try {
    const result = await answerWithResponse({
      toolName,
      arguments: args,
      response: selected.response,
      context,
    });
    endCall({ state, call, outcome: result.isError === true ? 'error' : 'result' });
    return result;
  } catch (error) {
    endCall({ state, call, outcome: context.signal.aborted ? 'cancelled' : 'throw' });
    throw error;
  }
}
