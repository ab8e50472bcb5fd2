import { createBedrockUsage, type BedrockAnswer, type BedrockAnswerBlock } from './bedrock-answer.js';

/**
 * The `Converse` (not streamed) answer: the assistant message with its content blocks (reasoning with its
 * signature, redacted reasoning as base64, text, `toolUse` with its input parsed), the stop reason, usage and
 * metrics, as the API reference's ConverseResponse has them.
 */
export function createConverseResponse(answer: BedrockAnswer): Record<string, unknown> {
  return {
    output: { message: { role: 'assistant', content: answer.blocks.map(toContentBlock) } },
    stopReason: answer.stopReason,
    usage: createBedrockUsage(answer.usage),
    metrics: { latencyMs: 100 },
  };
}

function toContentBlock(block: BedrockAnswerBlock): Record<string, unknown> {
  switch (block.type) {
    case 'reasoning':
      return { reasoningContent: { reasoningText: { text: block.text, signature: block.signature } } };
    case 'redacted-reasoning':
      return { reasoningContent: { redactedContent: block.data } };
    case 'text':
      return { text: block.text };
    case 'tool-use':
      return { toolUse: { toolUseId: block.toolUseId, name: block.name, input: parseInput(block.input) } };
    default: {
      const unexpected: never = block;
      throw new Error(`Unexpected content block ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A call's input as JSON; a script's raw input that does not parse goes as the string it is. */
function parseInput(input: string): unknown {
  try {
    return JSON.parse(input === '' ? '{}' : input);
  } catch {
    return input;
  }
}
