import type { BedrockRule } from './bedrock-rule.js';

/** Consecutive messages of one role: Converse takes a conversation that alternates. */
export const alternatingRolesRule: BedrockRule = {
  id: 'bedrock/alternating-roles',
  wire: 'bedrock',
  outcome: 'refuses',
  summary: 'Two consecutive messages of one role (a tool result sent as its own user message after another).',
  source:
    "Bedrock's 400 ValidationException, quoted in https://github.com/langchain-ai/langchain-aws/issues/130 and " +
    'https://github.com/langgenius/dify/issues/9294.',
  check({ request }) {
    const repeats = request.messages.some(
      (message, index) => index > 0 && request.messages[index - 1]?.role === message.role,
    );
    if (!repeats) return undefined;
    return {
      status: 400,
      type: 'ValidationException',
      message:
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates ' +
        'between user and assistant roles and try again.',
    };
  },
};

/** `toolUse` or `toolResult` blocks in a request without `toolConfig`. */
export const toolConfigRule: BedrockRule = {
  id: 'bedrock/tool-config-required',
  wire: 'bedrock',
  outcome: 'refuses',
  summary: 'toolUse or toolResult blocks in the messages of a request without toolConfig.',
  source:
    "Bedrock's 400 ValidationException, quoted in https://github.com/langgenius/dify/issues/17545 and " +
    'https://github.com/onyx-dot-app/onyx/issues/7842.',
  check({ request }) {
    if (request.hasToolConfig) return undefined;
    const usesTools = request.messages.some((message) =>
      message.content.some((block) => 'toolUse' in block || 'toolResult' in block),
    );
    if (!usesTools) return undefined;
    return {
      status: 400,
      type: 'ValidationException',
      message: 'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
    };
  },
};

/** A blank text block in a message: Converse refuses it. */
export const blankTextRule: BedrockRule = {
  id: 'bedrock/blank-text',
  wire: 'bedrock',
  outcome: 'refuses',
  summary: 'A text content block whose text is empty or only whitespace.',
  source:
    "Bedrock's 400 ValidationException, quoted in https://github.com/aws-samples/bedrock-engineer/issues/8.",
  check({ request }) {
    for (const [index, message] of request.messages.entries()) {
      for (const [blockIndex, block] of message.content.entries()) {
        if (typeof block.text !== 'string' || block.text.trim() !== '') continue;
        return {
          status: 400,
          type: 'ValidationException',
          message: `The text field in the ContentBlock object at messages.${index}.content.${blockIndex} is blank. Add text to the text field, and try again.`,
        };
      }
    }
    return undefined;
  },
};
