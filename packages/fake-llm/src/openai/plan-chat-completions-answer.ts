import { toIdSafe } from '../internal/to-id-safe.js';
import type { ChatCompletionsToolFormat } from '../script/fake-llm-script.js';
import type { LlmStep } from '../script/llm-step.js';
import type {
  ChatCompletionsAnswer,
  ChatCompletionsContentSegment,
  ChatCompletionsToolCall,
  ChatCompletionsUsage,
} from './chat-completions-answer.js';
import { formatXmlToolCall } from './format-xml-tool-call.js';
import { mapStopReasonToFinishReason } from './map-stop-reason-to-finish-reason.js';
import { estimateTokens, stepPromptTokens } from '../script/step-usage.js';

/** The `created` time of every answer (2026-01-01T00:00:00Z): real servers send the time, the fake stays deterministic. */
export const fakeCreatedTime = 1_767_225_600;

/**
 * Resolves a step into the chat completions answer the fake sends: thinking as reasoning (unless
 * `sendsReasoning` is `false`), the text, and the tool calls as native calls (ids `call_fake_<script>_<n>_<k>`)
 * or, with `toolFormat: 'xml'`, as XML blocks after the text (text and blocks joined by newlines). Usage is
 * estimated at about four characters a token when the step gives none; the step's cache reads and writes count
 * in the prompt tokens. `redactedThinking` has no chat completions form and is not sent.
 */
export function planChatCompletionsAnswer(options: {
  step: LlmStep;
  scriptId: string;
  requestIndex: number;
  model: string;
  requestLength: number;
  toolFormat: ChatCompletionsToolFormat;
  /** Whether the dialect has a reasoning field; without one the thinking is not sent (it still counts as output). */
  sendsReasoning?: boolean;
}): ChatCompletionsAnswer {
  const { step, toolFormat } = options;
  const idPart = `${toIdSafe(options.scriptId)}_${options.requestIndex + 1}`;
  const calls = step.toolCalls ?? [];
  const toolCalls: ChatCompletionsToolCall[] =
    toolFormat === 'native'
      ? calls.map((call, index) => ({
          id: call.id ?? `call_fake_${idPart}_${index + 1}`,
          name: call.name,
          arguments: 'rawInput' in call ? call.rawInput : JSON.stringify(call.input ?? {}),
        }))
      : [];
  const content: ChatCompletionsContentSegment[] = [];
  if (step.text !== undefined) content.push({ type: 'text', text: step.text });
  if (toolFormat === 'xml') {
    for (const call of calls) {
      if (content.length > 0) content.push({ type: 'text', text: '\n' });
      content.push({ type: 'xml-tool-block', text: formatXmlToolCall(call) });
    }
  }
  const characters =
    (step.thinking?.length ?? 0) +
    content.reduce((sum, segment) => sum + segment.text.length, 0) +
    toolCalls.reduce((sum, call) => sum + call.name.length + call.arguments.length, 0);
  return {
    id: `chatcmpl-fake-${idPart}`,
    model: options.model,
    created: fakeCreatedTime,
    reasoning: options.sendsReasoning === false ? undefined : step.thinking,
    content,
    toolCalls,
    finishReason: mapStopReasonToFinishReason({
      stopReason: step.stopReason,
      hasNativeToolCalls: toolCalls.length > 0,
    }),
    usage: planUsage(step, options.requestLength, characters),
  };
}

/**
 * The answer's counts: `prompt_tokens` is the whole prompt, as OpenAI counts it, so the step's cache reads and
 * writes are added to its input tokens; OpenAI says how many were read (`cached_tokens`) and written
 * (`cache_write_tokens`) apart.
 */
function planUsage(step: LlmStep, requestLength: number, characters: number): ChatCompletionsUsage {
  const cachedTokens = step.usage?.cacheReadTokens;
  const cacheWriteTokens = step.usage?.cacheWriteTokens;
  return {
    promptTokens: stepPromptTokens(step, requestLength),
    completionTokens: step.usage?.outputTokens ?? estimateTokens(characters),
    ...(cachedTokens === undefined ? {} : { cachedTokens }),
    ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
  };
}
