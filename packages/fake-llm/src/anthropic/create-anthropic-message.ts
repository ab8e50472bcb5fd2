import type { AnthropicAnswer, AnthropicContentBlock } from './anthropic-answer.js';

/**
 * The non-streaming Messages API body for an answer. A tool call scripted with `rawInput` cannot be expressed
 * here (the API always sends parsed input), so it is sent with `input: {}`.
 */
export function createAnthropicMessage(answer: AnthropicAnswer): Record<string, unknown> {
  return {
    id: answer.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content: answer.content.map(toMessageBlock),
    stop_reason: answer.stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: answer.usage.inputTokens,
      cache_creation_input_tokens: answer.usage.cacheWriteTokens,
      cache_read_input_tokens: answer.usage.cacheReadTokens,
      output_tokens: answer.usage.outputTokens,
      service_tier: 'standard',
    },
  };
}

function toMessageBlock(block: AnthropicContentBlock): Record<string, unknown> {
  switch (block.type) {
    case 'thinking':
    case 'redacted_thinking':
    case 'text':
      return block;
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    default: {
      const unexpected: never = block;
      throw new Error(`Unexpected content block ${JSON.stringify(unexpected)}`);
    }
  }
}
