import type { ResponsesAnswer, ResponsesOutputItem } from './responses-answer.js';
import type { ResponsesRequestBody } from './responses-request-body.js';

/** Whether an item is shown whole (`done`) or as it starts, before its content streams (`added`). */
export type ItemStage = 'added' | 'done';

/**
 * An output item as the API sends it: `reasoning` with its summary (and `encrypted_content` when the request
 * includes it), `message` with one `output_text` part, `function_call` with its call id and arguments. `added`
 * is the item as `response.output_item.added` shows it: no summary, content or arguments yet.
 */
export function createOutputItem(options: {
  item: ResponsesOutputItem;
  stage: ItemStage;
  includesEncryptedReasoning: boolean;
}): Record<string, unknown> {
  const { item, stage } = options;
  const done = stage === 'done';
  switch (item.type) {
    case 'reasoning':
      return {
        id: item.id,
        type: 'reasoning',
        ...(options.includesEncryptedReasoning ? { encrypted_content: item.encryptedContent } : {}),
        summary: done ? [{ type: 'summary_text', text: item.summary }] : [],
      };
    case 'message':
      return {
        id: item.id,
        type: 'message',
        status: done ? 'completed' : 'in_progress',
        content: done ? [createOutputText(item.text)] : [],
        role: 'assistant',
      };
    case 'function_call':
      return {
        id: item.id,
        type: 'function_call',
        status: done ? 'completed' : 'in_progress',
        arguments: done ? item.arguments : '',
        call_id: item.callId,
        name: item.name,
      };
    default: {
      const unexpected: never = item;
      throw new Error(`Unexpected output item ${JSON.stringify(unexpected)}`);
    }
  }
}

/** An `output_text` content part. */
export function createOutputText(text: string): Record<string, unknown> {
  return { type: 'output_text', annotations: [], logprobs: [], text };
}

/**
 * The response object, with the fields the API sends (the request's settings echoed, the rest at the API's
 * defaults). `in_progress` is the response as `response.created` shows it: no output, no usage yet.
 */
export function createResponseObject(options: {
  answer: ResponsesAnswer;
  request: ResponsesRequestBody;
  status: 'in_progress' | ResponsesAnswer['status'];
}): Record<string, unknown> {
  const { answer, request, status } = options;
  const echoed = request.echoed;
  const settle = status !== 'in_progress';
  return {
    id: answer.id,
    object: 'response',
    created_at: answer.createdAt,
    status,
    background: false,
    error: null,
    incomplete_details:
      status === 'incomplete' && answer.incompleteReason !== undefined
        ? { reason: answer.incompleteReason }
        : null,
    instructions: echoed.instructions ?? null,
    max_output_tokens: echoed.max_output_tokens ?? null,
    max_tool_calls: echoed.max_tool_calls ?? null,
    model: answer.model,
    output: settle
      ? answer.output.map((item) =>
          createOutputItem({
            item,
            stage: 'done',
            includesEncryptedReasoning: request.includesEncryptedReasoning,
          }),
        )
      : [],
    parallel_tool_calls: echoed.parallel_tool_calls ?? true,
    previous_response_id: request.previousResponseId ?? null,
    prompt_cache_key: echoed.prompt_cache_key ?? null,
    prompt_cache_retention: echoed.prompt_cache_retention ?? null,
    reasoning: echoed.reasoning ?? { effort: null, summary: null },
    safety_identifier: echoed.safety_identifier ?? null,
    service_tier: 'default',
    store: request.store,
    temperature: echoed.temperature ?? 1,
    text: echoed.text ?? { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: echoed.tool_choice ?? 'auto',
    tools: echoed.tools ?? [],
    top_logprobs: echoed.top_logprobs ?? 0,
    top_p: echoed.top_p ?? 1,
    truncation: echoed.truncation ?? 'disabled',
    usage: settle
      ? {
          input_tokens: answer.usage.inputTokens,
          input_tokens_details: {
            ...(answer.usage.cacheWriteTokens === undefined
              ? {}
              : { cache_write_tokens: answer.usage.cacheWriteTokens }),
            cached_tokens: answer.usage.cachedTokens,
          },
          output_tokens: answer.usage.outputTokens,
          output_tokens_details: { reasoning_tokens: answer.usage.reasoningTokens },
          total_tokens: answer.usage.inputTokens + answer.usage.outputTokens,
        }
      : null,
    user: echoed.user ?? null,
    metadata: echoed.metadata ?? {},
  };
}
