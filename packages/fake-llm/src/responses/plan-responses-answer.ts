import { createThinkingSignature } from '../anthropic/create-thinking-signature.js';
import { toIdSafe } from '../internal/to-id-safe.js';
import { fakeCreatedTime } from '../openai/plan-chat-completions-answer.js';
import type { LlmStep } from '../script/llm-step.js';
import type { ResponsesAnswer, ResponsesOutputItem } from './responses-answer.js';
import { stepPromptTokens } from '../script/step-usage.js';

/** The stop reasons that end a response `incomplete`, with the reason the API gives in `incomplete_details`. */
const incompleteReasons: Readonly<Record<string, ResponsesAnswer['incompleteReason']>> = {
  max_tokens: 'max_output_tokens',
  model_context_window_exceeded: 'max_output_tokens',
  refusal: 'content_filter',
};

/**
 * Resolves a step into the response the fake sends: its thinking as a reasoning item (the summary, and an
 * `encrypted_content` made up as the Messages API's thinking signatures are), its text as a message, its
 * `thinkingAfterText` as a second reasoning item after the message, its tool calls as `function_call` items
 * (ids `rs_`, `msg_`, `fc_fake_<script>_<n>_<k>`, call ids
 * `call_fake_<script>_<n>_<k>` unless a call sets its `id`). Usage is estimated at about four characters a token
 * when the step gives none; the thinking counts as reasoning tokens, and the step's cache reads and writes count
 * in the input tokens, as the API counts them. `redactedThinking` has no form here.
 */
export function planResponsesAnswer(options: {
  step: LlmStep;
  scriptId: string;
  requestIndex: number;
  model: string;
  requestLength: number;
}): ResponsesAnswer {
  const { step } = options;
  const idPart = `${toIdSafe(options.scriptId)}_${options.requestIndex + 1}`;
  const output: ResponsesOutputItem[] = [];
  const reason = (summary: string, blockIndex: number): ResponsesOutputItem => ({
    type: 'reasoning',
    id: `rs_fake_${idPart}${blockIndex === 0 ? '' : `_${blockIndex + 1}`}`,
    summary,
    encryptedContent: createThinkingSignature({
      scriptId: options.scriptId,
      requestIndex: options.requestIndex,
      blockIndex,
      thinking: summary,
    }),
  });
  if (step.thinking !== undefined) output.push(reason(step.thinking, 0));
  if (step.text !== undefined) output.push({ type: 'message', id: `msg_fake_${idPart}`, text: step.text });
  if (step.thinkingAfterText !== undefined) output.push(reason(step.thinkingAfterText, 1));
  (step.toolCalls ?? []).forEach((call, index) => {
    output.push({
      type: 'function_call',
      id: `fc_fake_${idPart}_${index + 1}`,
      callId: call.id ?? `call_fake_${idPart}_${index + 1}`,
      name: call.name,
      arguments: 'rawInput' in call ? call.rawInput : JSON.stringify(call.input ?? {}),
    });
  });
  const reasoningTokens = Math.ceil(
    ((step.thinking?.length ?? 0) + (step.thinkingAfterText?.length ?? 0)) / 4,
  );
  const characters = output.reduce(
    (sum, item) =>
      sum +
      (item.type === 'message' ? item.text.length : 0) +
      (item.type === 'function_call' ? item.name.length + item.arguments.length : 0),
    0,
  );
  const incompleteReason = step.stopReason === undefined ? undefined : incompleteReasons[step.stopReason];
  const cachedTokens = step.usage?.cacheReadTokens ?? 0;
  const cacheWriteTokens = step.usage?.cacheWriteTokens;
  return {
    id: `resp_fake_${idPart}`,
    model: options.model,
    createdAt: fakeCreatedTime,
    output,
    status: incompleteReason === undefined ? 'completed' : 'incomplete',
    incompleteReason,
    usage: {
      inputTokens: stepPromptTokens(step, options.requestLength),
      cachedTokens,
      ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
      outputTokens: step.usage?.outputTokens ?? Math.max(1, reasoningTokens + Math.ceil(characters / 4)),
      reasoningTokens,
    },
  };
}
