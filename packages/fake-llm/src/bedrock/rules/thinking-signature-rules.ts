import {
  isFakeThinkingSignatureOf,
  looksLikeFakeThinkingSignature,
} from '../../anthropic/create-thinking-signature.js';
import type { BedrockRule } from './bedrock-rule.js';
import { modelErrorsPrefix, readClaude, readReasoningText, refuseWith } from './read-claude-reasoning.js';

/** Reasoning text sent back without its signature (or with an empty one), on a Claude model. */
export const signatureRequiredRule: BedrockRule = {
  id: 'bedrock/thinking-signature-required',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A Claude request whose assistant message has reasoningContent.reasoningText without a signature (or an empty one).',
  source:
    "Bedrock relaying Claude's validation error, quoted in https://github.com/earendil-works/pi/issues/2063 and " +
    'https://github.com/can1357/oh-my-pi/pull/10486 (the empty signature fails the same way).',
  check(context) {
    if (!readClaude(context).claude) return undefined;
    for (const [index, message] of context.request.messages.entries()) {
      if (message.role !== 'assistant') continue;
      for (const [blockIndex, block] of message.content.entries()) {
        const text = readReasoningText(block);
        if (text === undefined) continue;
        if (typeof text.signature === 'string' && text.signature !== '') continue;
        return refuseWith(
          `${modelErrorsPrefix}messages.${index}.content.${blockIndex}.thinking.signature: Field required`,
        );
      }
    }
    return undefined;
  },
};

/**
 * Reasoning sent back with another text or signature than the fake gave: a signature shaped like the fake's
 * that it never issued (nor made for that very text), or one it issued for another text.
 */
export const signatureRule: BedrockRule = {
  id: 'bedrock/thinking-signature',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A Claude request whose reasoningText comes back with its text or signature changed from what the fake sent.',
  source:
    "Bedrock's 400 for a thinking block whose signature does not verify, quoted in " +
    'https://github.com/linanwx/nagobot/issues/21 (the raw answer of Amazon Bedrock) and ' +
    'https://github.com/chenhg5/cc-connect/issues/897.',
  check(context) {
    if (!readClaude(context).claude) return undefined;
    const sent = new Map<string, string>();
    for (const answer of context.answers) {
      for (const block of answer.blocks)
        if (block.type === 'reasoning') sent.set(block.signature, block.text);
    }
    for (const [index, message] of context.request.messages.entries()) {
      if (message.role !== 'assistant') continue;
      for (const [blockIndex, block] of message.content.entries()) {
        const reasoning = readReasoningText(block);
        const signature = reasoning?.signature;
        if (typeof signature !== 'string' || signature === '') continue;
        const text = typeof reasoning?.text === 'string' ? reasoning.text : '';
        const sentText = sent.get(signature);
        const valid =
          sentText === undefined
            ? !looksLikeFakeThinkingSignature(signature) ||
              isFakeThinkingSignatureOf({ signature, thinking: text })
            : sentText === text;
        if (!valid)
          return refuseWith(`messages.${index}.content.${blockIndex}: Invalid signature in thinking block`);
      }
    }
    return undefined;
  },
};
