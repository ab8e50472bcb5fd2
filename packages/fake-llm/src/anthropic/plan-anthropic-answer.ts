import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import { toIdSafe } from '../internal/to-id-safe.js';
import type { LlmStep } from '../script/llm-step.js';
import type { AnthropicAnswer, AnthropicContentBlock } from './anthropic-answer.js';
import { createThinkingSignature } from './create-thinking-signature.js';
import type { PromptCacheUse } from './prompt-cache.js';

/**
 * Resolves a step into the answer the fake sends: content blocks in field order, ids and signatures made up
 * deterministically from the script id and request index, the natural stop reason, and usage (estimated at
 * about four characters a token when the step gives none): what the prompt cache read and wrote is reported
 * apart, and the input tokens are the rest of the prompt, after its last breakpoint. Each count the step's usage
 * gives replaces the fake's own.
 */
export function planAnthropicAnswer(options: {
  step: LlmStep;
  scriptId: string;
  requestIndex: number;
  /** The model id from the request, echoed back. */
  model: string;
  /** The request body's length in characters, for the input token estimate. */
  requestLength: number;
  /** What the request read from and wrote to the prompt cache; nothing when absent. */
  cache?: PromptCacheUse | undefined;
}): AnthropicAnswer {
  const { step, scriptId, requestIndex } = options;
  const idPart = `${toIdSafe(scriptId)}_${requestIndex + 1}`;
  const content: AnthropicContentBlock[] = [];
  if (step.thinking !== undefined) {
    const signature = createThinkingSignature({
      scriptId,
      requestIndex,
      blockIndex: content.length,
      thinking: step.thinking,
    });
    content.push({ type: 'thinking', thinking: step.thinking, signature });
  }
  if (step.redactedThinking !== undefined)
    content.push({ type: 'redacted_thinking', data: step.redactedThinking });
  if (step.text !== undefined) content.push({ type: 'text', text: step.text });
  for (const [callIndex, call] of (step.toolCalls ?? []).entries()) {
    const id = call.id ?? `toolu_fake_${idPart}_${callIndex + 1}`;
    if ('rawInput' in call) {
      content.push({ type: 'tool_use', id, name: call.name, input: {}, inputJson: call.rawInput });
    } else {
      const input = call.input ?? {};
      content.push({ type: 'tool_use', id, name: call.name, input, inputJson: JSON.stringify(input) });
    }
  }
  const hasToolCalls = content.some((block) => block.type === 'tool_use');
  const cache = options.cache;
  // A request the cache took part in is counted on the cache's basis, its blocks (field names and the JSON
  // around them are no prompt tokens); any other on its body's length, as before.
  const uncachedTokens =
    cache === undefined || cache.readTokens + cache.writeTokens === 0
      ? estimatePromptTokens(options.requestLength)
      : Math.max(1, cache.promptTokens - cache.readTokens - cache.writeTokens);
  return {
    id: `msg_fake_${idPart}`,
    model: options.model,
    content,
    stopReason: step.stopReason ?? (hasToolCalls ? 'tool_use' : 'end_turn'),
    usage: {
      inputTokens: step.usage?.inputTokens ?? uncachedTokens,
      outputTokens: step.usage?.outputTokens ?? estimateOutputTokens(content),
      cacheReadTokens: step.usage?.cacheReadTokens ?? cache?.readTokens ?? 0,
      cacheWriteTokens: step.usage?.cacheWriteTokens ?? cache?.writeTokens ?? 0,
    },
  };
}

function estimateOutputTokens(content: AnthropicContentBlock[]): number {
  let characters = 0;
  for (const block of content) {
    switch (block.type) {
      case 'thinking':
        characters += block.thinking.length;
        break;
      case 'redacted_thinking':
        characters += block.data.length;
        break;
      case 'text':
        characters += block.text.length;
        break;
      case 'tool_use':
        characters += block.name.length + block.inputJson.length;
        break;
      default: {
        const unexpected: never = block;
        throw new Error(`Unexpected content block ${JSON.stringify(unexpected)}`);
      }
    }
  }
  return Math.max(1, Math.ceil(characters / 4));
}
