import { createEmptyUsage, ModelError, parseToolInput } from '@toolloop/core';
import type { FinishPart, JsonObject, ModelStreamPart } from '@toolloop/core';
import type { ResponseOutputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { mapOpenAIResponsesFailure } from './map-openai-responses-failure.js';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason.js';
import { mapOpenAIResponsesUsage } from './map-openai-responses-usage.js';

/**
 * Turns Responses API events into core stream parts: text, refusal and reasoning summary deltas for display;
 * each output item whole at its `response.output_item.done`, in output order — a `message` as `text`, a
 * `function_call` as a `tool-call` (with the item's id in `providerData.itemId`), a `reasoning` item as a
 * `thinking` part whose text is its summary and whose `providerData.item` is the item exactly as it came
 * (encrypted content included), to be sent back unchanged; then one `finish` from `response.completed` or
 * `response.incomplete`, when the stream ends. Items this provider cannot act on (server tools, programs) are dropped with a warning.
 *
 * - `response.failed` and an `error` event are a `ModelError` with the failure's code; an `error` event the SDK throws is
 *   mapped by the caller.
 * - A stream that ends before `response.completed` (or `incomplete`, `failed`) was cut off: a retryable
 *   `ModelError` (`incomplete_stream`), or the abort reason when `signal` was aborted.
 * - A function call cut off by the output limit (announced, never done) is not emitted, so it can never run; an
 *   `incomplete_tool_call` warning says so.
 */
export async function* parseOpenAIResponsesStream({
  events,
  signal,
  provider,
  modelId,
  apiKey,
}: {
  events: AsyncIterable<ResponseStreamEvent>;
  signal: AbortSignal;
  provider: string;
  modelId: string;
  apiKey?: string | undefined;
}): AsyncGenerator<ModelStreamPart> {
  const openCalls = new Map<number, { name: string; callId: string }>();
  let calledFunctions = false;
  let refused = false;
  const providerData: JsonObject = {};
  let finish: FinishPart | undefined;

  const iterator = events[Symbol.asyncIterator]();
  let drained = false;
  try {
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
      const event = next.value;
      // Whatever follows the end of the response (nothing, from OpenAI) changes nothing.
      if (finish !== undefined) continue;
      switch (event.type) {
        case 'response.created':
          providerData['responseId'] = event.response.id;
          providerData['model'] = event.response.model;
          break;
        case 'response.output_text.delta':
          yield { type: 'text-delta', text: event.delta };
          break;
        case 'response.refusal.delta':
          refused = true;
          yield { type: 'text-delta', text: event.delta };
          break;
        case 'response.reasoning_summary_part.added':
          // Summary parts are joined by a blank line in the whole thinking part; the deltas say the same.
          if (event.summary_index > 0) yield { type: 'thinking-delta', text: '\n\n' };
          break;
        case 'response.reasoning_summary_text.delta':
          yield { type: 'thinking-delta', text: event.delta };
          break;
        case 'response.output_item.added':
          if (event.item.type === 'function_call')
            openCalls.set(event.output_index, { name: event.item.name, callId: event.item.call_id });
          break;
        case 'response.output_item.done': {
          openCalls.delete(event.output_index);
          const part = convertOutputItem(event.item);
          if (part.type === 'tool-call') calledFunctions = true;
          if (part.type === 'text' && event.item.type === 'message')
            refused ||= event.item.content.some((content) => content.type === 'refusal');
          yield part;
          break;
        }
        case 'response.completed':
        case 'response.incomplete': {
          const { response } = event;
          for (const [, call] of openCalls) {
            yield {
              type: 'warning',
              code: 'incomplete_tool_call',
              message: `The response ended before the arguments of tool call '${call.name}' (${call.callId}) were complete; the call was dropped and will not run.`,
            };
          }
          const reasoningTokens = response.usage?.output_tokens_details.reasoning_tokens;
          if (typeof reasoningTokens === 'number' && reasoningTokens > 0)
            providerData['reasoningTokens'] = reasoningTokens;
          finish = {
            type: 'finish',
            ...mapOpenAIResponsesFinishReason({
              status: event.type === 'response.completed' ? 'completed' : 'incomplete',
              incompleteReason: response.incomplete_details?.reason ?? undefined,
              calledFunctions,
              refused,
            }),
            usage: response.usage == null ? createEmptyUsage() : mapOpenAIResponsesUsage(response.usage),
            providerData: { ...providerData, responseId: response.id, model: response.model },
          };
          break;
        }
        case 'response.failed':
          throw mapOpenAIResponsesFailure({
            error: event.response.error,
            responseId: event.response.id,
            modelId,
            provider,
            apiKey,
          });
        case 'error':
          // The SDK throws an event that nests its error (`{ error: {…} }`); the documented shape, with `code`
          // and `message` on the event itself, comes here.
          throw mapOpenAIResponsesFailure({
            error: event,
            responseId:
              typeof providerData['responseId'] === 'string' ? providerData['responseId'] : undefined,
            modelId,
            provider,
            apiKey,
          });
        // These repeat what the events above carry (`.done` events, content parts, argument fragments, whole
        // at `output_item.done`), report progress, or belong to server tools, dropped at `output_item.done`.
        case 'response.audio.delta':
        case 'response.audio.done':
        case 'response.audio.transcript.delta':
        case 'response.audio.transcript.done':
        case 'response.code_interpreter_call_code.delta':
        case 'response.code_interpreter_call_code.done':
        case 'response.code_interpreter_call.completed':
        case 'response.code_interpreter_call.in_progress':
        case 'response.code_interpreter_call.interpreting':
        case 'response.content_part.added':
        case 'response.content_part.done':
        case 'response.custom_tool_call_input.delta':
        case 'response.custom_tool_call_input.done':
        case 'response.file_search_call.completed':
        case 'response.file_search_call.in_progress':
        case 'response.file_search_call.searching':
        case 'response.function_call_arguments.delta':
        case 'response.function_call_arguments.done':
        case 'response.image_generation_call.completed':
        case 'response.image_generation_call.generating':
        case 'response.image_generation_call.in_progress':
        case 'response.image_generation_call.partial_image':
        case 'response.in_progress':
        case 'response.mcp_call_arguments.delta':
        case 'response.mcp_call_arguments.done':
        case 'response.mcp_call.completed':
        case 'response.mcp_call.failed':
        case 'response.mcp_call.in_progress':
        case 'response.mcp_list_tools.completed':
        case 'response.mcp_list_tools.failed':
        case 'response.mcp_list_tools.in_progress':
        case 'response.output_text.annotation.added':
        case 'response.output_text.done':
        case 'response.queued':
        case 'response.reasoning_summary_part.done':
        case 'response.reasoning_summary_text.done':
        case 'response.reasoning_text.delta':
        case 'response.reasoning_text.done':
        case 'response.refusal.done':
        case 'response.web_search_call.completed':
        case 'response.web_search_call.in_progress':
        case 'response.web_search_call.searching':
          break;
        default: {
          // Event types newer than this SDK arrive here at run time and are ignored.
          const _newerEvent: never = event;
          break;
        }
      }
    }
    drained = true;
  } finally {
    // Leaving early (error, the consumer stopped, the response ended): the SDK aborts the request on `return`.
    // Not awaited: cancelling a response body can wait on readers that never come (msw tees mocked bodies).
    if (!drained) iterator.return?.().catch(() => undefined);
  }

  signal.throwIfAborted();
  if (finish !== undefined) {
    yield finish;
    return;
  }
  const responseId = providerData['responseId'];
  throw new ModelError({
    message: `The ${provider} stream${typeof responseId === 'string' ? ` for ${responseId}` : ''} ended before response.completed: the response was cut off.`,
    provider,
    retryable: true,
    errorType: 'incomplete_stream',
  });
}

/** A whole output item as a core part: text, a tool call, thinking, or a warning for an item it cannot use. */
function convertOutputItem(item: ResponseOutputItem): ModelStreamPart {
  switch (item.type) {
    case 'message':
      return {
        type: 'text',
        text: item.content
          .map((content) => (content.type === 'output_text' ? content.text : content.refusal))
          .join(''),
        // The message item's id goes back with it: the API pairs a reasoning item with the item it led to.
        providerData: { itemId: item.id },
      };
    case 'function_call':
      return {
        type: 'tool-call',
        id: item.call_id,
        name: item.name,
        ...parseToolInput(item.arguments),
        ...(item.id === undefined ? {} : { providerData: { itemId: item.id } }),
      };
    case 'reasoning':
      return {
        type: 'thinking',
        text: item.summary.map((summary) => summary.text).join('\n\n'),
        // The item exactly as the API sent it (JSON from the wire), so it goes back unchanged.
        providerData: { item: item as unknown as JsonObject },
      };
    // Server tools, programs and their outputs: nothing in a core transcript can carry them back.
    case 'additional_tools':
    case 'apply_patch_call_output':
    case 'apply_patch_call':
    case 'code_interpreter_call':
    case 'compaction':
    case 'computer_call_output':
    case 'computer_call':
    case 'custom_tool_call_output':
    case 'custom_tool_call':
    case 'file_search_call':
    case 'function_call_output':
    case 'image_generation_call':
    case 'local_shell_call_output':
    case 'local_shell_call':
    case 'mcp_approval_request':
    case 'mcp_approval_response':
    case 'mcp_call':
    case 'mcp_list_tools':
    case 'program_output':
    case 'program':
    case 'shell_call_output':
    case 'shell_call':
    case 'tool_search_call':
    case 'tool_search_output':
    case 'web_search_call':
      return unsupportedItem(item.type);
    default: {
      // Item types newer than this SDK arrive here at run time.
      const newerItem: never = item;
      return unsupportedItem((newerItem as { type: string }).type);
    }
  }
}

function unsupportedItem(type: string): ModelStreamPart {
  return {
    type: 'warning',
    code: 'unsupported_output_item',
    message: `The response held a '${type}' item, which this provider does not handle; it was dropped.`,
  };
}
