import { createThinkingSignature } from '../anthropic/create-thinking-signature.js';
import { toIdSafe } from '../internal/to-id-safe.js';
import type { LlmStep } from '../script/llm-step.js';
import { toBedrockBaseModelId } from '@toolloop/models';
import type { BedrockAnswer, BedrockAnswerBlock } from './bedrock-answer.js';
import { estimateTokens, stepInputTokens } from '../script/step-usage.js';

/**
 * Resolves a step into the Converse answer the fake sends: its thinking as reasoning content with a signature
 * made up as the Messages API's are (Bedrock relays Claude's), its redacted thinking as redacted content (the
 * step's string, as bytes), its text, its tool calls as `toolUse` blocks (ids `tooluse_fake_<script>_<n>_<k>`
 * unless a call sets its `id`). The stop reason is the step's, else `tool_use` with calls, else `end_turn`.
 * Usage is estimated at about four characters a token when the step gives none; the step's cache reads and
 * writes are reported apart from the input tokens, as Bedrock reports them.
 */
export function planBedrockAnswer(options: {
  step: LlmStep;
  scriptId: string;
  requestIndex: number;
  modelId: string;
  requestLength: number;
}): BedrockAnswer {
  const { step, scriptId, requestIndex } = options;
  const blocks: BedrockAnswerBlock[] = [];
  if (step.thinking !== undefined) {
    const signature = createThinkingSignature({
      scriptId,
      requestIndex,
      blockIndex: 0,
      thinking: step.thinking,
    });
    blocks.push({ type: 'reasoning', text: step.thinking, signature });
  }
  if (step.redactedThinking !== undefined) {
    blocks.push({
      type: 'redacted-reasoning',
      data: Buffer.from(step.redactedThinking, 'utf8').toString('base64'),
    });
  }
  if (step.text !== undefined) blocks.push({ type: 'text', text: step.text });
  const idPart = `${toIdSafe(scriptId)}_${requestIndex + 1}`;
  (step.toolCalls ?? []).forEach((call, index) => {
    blocks.push({
      type: 'tool-use',
      toolUseId: call.id ?? `tooluse_fake_${idPart}_${index + 1}`,
      name: call.name,
      input: 'rawInput' in call ? call.rawInput : JSON.stringify(call.input ?? {}),
    });
  });
  const characters = blocks.reduce(
    (sum, block) =>
      sum +
      (block.type === 'reasoning' || block.type === 'text' ? block.text.length : 0) +
      (block.type === 'tool-use' ? block.name.length + block.input.length : 0),
    0,
  );
  const calls = step.toolCalls !== undefined && step.toolCalls.length > 0;
  return {
    modelId: options.modelId,
    claude: toBedrockBaseModelId(options.modelId).startsWith('anthropic.claude'),
    blocks,
    stopReason: step.stopReason ?? (calls ? 'tool_use' : 'end_turn'),
    usage: {
      inputTokens: stepInputTokens(step, options.requestLength),
      outputTokens: step.usage?.outputTokens ?? estimateTokens(characters),
      ...(step.usage?.cacheReadTokens === undefined
        ? {}
        : { cacheReadInputTokens: step.usage.cacheReadTokens }),
      ...(step.usage?.cacheWriteTokens === undefined
        ? {}
        : { cacheWriteInputTokens: step.usage.cacheWriteTokens }),
    },
  };
}
