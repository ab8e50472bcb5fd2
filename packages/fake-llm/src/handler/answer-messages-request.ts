import {
  findMessagesConversationRefusal,
  findMessagesRequestRefusal,
  listMessagesRuleReports,
} from '../anthropic/apply-messages-rules.js';
import { createAnthropicEvents } from '../anthropic/create-anthropic-events.js';
import { createAnthropicMessage } from '../anthropic/create-anthropic-message.js';
import { listPromptBlocks } from '../anthropic/list-prompt-blocks.js';
import { measureMediaAdjustment } from '../anthropic/measure-media.js';
import {
  parseMessagesRequestBody,
  readToolNames,
  toRequestMessages,
} from '../anthropic/messages-request-body.js';
import { planAnthropicAnswer } from '../anthropic/plan-anthropic-answer.js';
import { readMessagesRequestContext } from '../anthropic/read-messages-request-context.js';
import { formatSseEvent } from '../stream/sse-event.js';
import { resolveThreadRequest } from '../threads/resolve-thread-request.js';
import { startThreadTurn, type ThreadReply } from '../threads/start-thread-turn.js';
import { answerWithNextStep } from './answer-with-next-step.js';
import { createErrorResponse } from './create-error-response.js';
import type { Refusal } from './describe-refusal.js';
import type { FakeLlmState } from './fake-llm-state.js';
import { receiveRequest } from './receive-request.js';
import { nameScriptRequest, recordRequest } from './record-request.js';
import { refuseRequest } from './refuse-request.js';

/**
 * Answers one `POST /v1/messages`: routes it to its script, holds the body to the Messages API's rules (see
 * `messagesRules`: its definition for the request's `anthropic-version`, then the rules the definition cannot
 * say), rebuilds the whole conversation of a `thread` request and holds that to the rules that read it,
 * records it, reports what the reporting rules find (tool results, thinking echo) and the offered tools, and
 * answers with the next step. A request the fake cannot answer (unknown script, script run out) gets an Anthropic
 * error that the SDKs do not retry, and a violation; one it refuses (not JSON, too large, a rule's refusal, a
 * thread it cannot continue) also takes no step. Its usage reports what the script's prompt cache read and wrote
 * for the request's breakpoints.
 */
export function answerMessagesRequest(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const arrived = await receiveRequest({
    request,
    state,
    endpoint: 'messages',
    createError: createErrorResponse,
  });
  if (!arrived.success) return arrived.response;
  const { route: arrivedRoute } = arrived.value;
  const refuse = (refusal: Refusal) => refuseRequest({ state, scriptId: arrivedRoute.id, refusal });
  const invalid = (problem: string): Refusal => ({
    type: 'invalid-body',
    endpoint: 'messages',
    scriptName: arrivedRoute.name,
    problem,
  });
  const relaxed = state.relaxedRules;
  // The checks read the body with the prompt it repeats from the script's last request as the copies they kept
  // from it; the record keeps the body as it came.
  const reused = arrivedRoute.promptCopies.reuse(arrived.value.json);
  const context = readMessagesRequestContext({
    request,
    body: reused,
    operation: 'messages',
    scriptModels: arrivedRoute.script.models,
  });
  const requestRefusal = findMessagesRequestRefusal({ context, relaxed });
  if (requestRefusal !== undefined) return refuse(requestRefusal);
  // Only when the definition is relaxed can a body still be something the fake cannot read.
  const parsed = parseMessagesRequestBody(reused);
  if (!parsed.success) return refuse(invalid(parsed.error));
  const body = parsed.value;
  const threaded = resolveThreadRequest({ store: arrivedRoute.threads, body });
  if (!threaded.success) {
    const problem = threaded.error;
    return refuse(
      problem.type === 'invalid' ? invalid(problem.problem) : { type: 'thread', refusal: problem },
    );
  }
  const conversation = threaded.value;
  // A conversation that is the request's own messages (no thread stored before them) was read just above.
  const messages =
    conversation.messages === body.rawMessages
      ? { success: true as const, value: body.messages }
      : toRequestMessages(conversation.messages);
  if (!messages.success) return refuse(invalid(messages.error));
  const conversationContext = {
    ...context,
    fields: body.fields,
    messages: messages.value,
    rawMessages: conversation.messages,
    tools: conversation.tools,
    // Images and PDFs count the tokens the API counts for them, not their base64 data's length.
    promptLength:
      (conversation.turn?.fullReplayBytes ?? arrived.value.bodyText.length) +
      measureMediaAdjustment({ system: body.fields.system, messages: conversation.messages }),
  };
  const conversationRefusal = findMessagesConversationRefusal({ context: conversationContext, relaxed });
  if (conversationRefusal !== undefined) return refuse(conversationRefusal);
  const toolNames = readToolNames(conversation.tools);
  const promptBlocks = listPromptBlocks({
    tools: body.fields.tools,
    system: body.fields.system,
    messages: body.rawMessages,
  });

  const received = recordRequest({ request, arrived: arrived.value });
  const { route, requestIndex } = received;
  const settleThread =
    conversation.turn === undefined
      ? undefined
      : startThreadTurn({
          store: route.threads,
          plan: conversation.turn,
          bodyBytes: arrived.value.bodyBytes,
        });
  const prefix = nameScriptRequest(received);
  const reports = listMessagesRuleReports({
    context: { ...conversationContext, answers: route.answers },
    relaxed,
  });
  for (const problem of reports) {
    route.addViolation({ type: problem.type, requestIndex, message: `${prefix}: ${problem.message}` });
  }
  let reply: ThreadReply | undefined;
  return answerWithNextStep({
    request,
    state,
    received,
    createError: createErrorResponse,
    offeredToolNames: toolNames,
    stream: body.stream,
    onSettled: (completed) => settleThread?.(completed ? reply : undefined),
    createWire: (step) => ({
      createError: createErrorResponse,
      framing: 'anthropic',
      requestIdHeader: 'request-id',
      createContent() {
        // A thread's requests carry no breakpoints of their own (the SDK's threads refuse cache_control).
        const cache =
          conversation.turn === undefined
            ? route.promptCache.use({
                model: body.model,
                settings: { toolChoice: body.fields.tool_choice, thinking: body.fields.thinking },
                blocks: promptBlocks,
                minTokens: state.minCacheableTokens,
              })
            : undefined;
        const answer = planAnthropicAnswer({
          step,
          scriptId: route.id,
          requestIndex,
          model: body.model,
          requestLength:
            received.bodyText.length +
            measureMediaAdjustment({ system: body.fields.system, messages: body.rawMessages }),
          cache,
        });
        route.answers.push(answer);
        const message = createAnthropicMessage(answer);
        reply = { id: answer.id, content: message.content as unknown[] };
        return body.stream
          ? { type: 'stream', chunks: createAnthropicEvents(answer).map(formatSseEvent) }
          : { type: 'json', body: message };
      },
    }),
  });
}
