import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { ResponsesRule } from './responses-rule.js';

/**
 * A `function_call` item the fake produced after a reasoning item, sent back (by its `fc_` id) without that
 * reasoning item before it. The reasoning item counts when it comes back with its `encrypted_content`
 * unchanged, or by id alone (an item, or an `item_reference`) while the fake keeps it (`store` on); a
 * `previous_response_id` brings back the kept conversation, reasoning included.
 */
export const reasoningContinuityRule: ResponsesRule = {
  id: 'responses/reasoning-continuity',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    "A function_call item sent back without the reasoning item it followed in the model's answer (same id, " +
    'same encrypted_content), as with store: false and the reasoning left out.',
  source:
    'The answer as quoted in https://github.com/mastra-ai/mastra/issues/8738 (param input), with the ' +
    'reasoning-model tool loops of https://github.com/vercel/ai/issues/7099 and ' +
    'https://github.com/0xPlaygrounds/rig/issues/751.',
  check({ conversation, answers }) {
    const reasoningByCallItem = new Map<string, { id: string; encryptedContent: string }>();
    for (const answer of answers) {
      const reasoning = answer.output.find((item) => item.type === 'reasoning');
      if (reasoning === undefined) continue;
      for (const item of answer.output.slice(answer.output.indexOf(reasoning) + 1)) {
        if (item.type === 'function_call') reasoningByCallItem.set(item.id, reasoning);
      }
    }
    const sentReasoning: Record<string, unknown>[] = [];
    for (const item of conversation) {
      if (item.type === 'reasoning') sentReasoning.push(item);
      if (item.type !== 'function_call' || typeof item.id !== 'string') continue;
      const required = reasoningByCallItem.get(item.id);
      if (required === undefined) continue;
      const found = sentReasoning.some(
        (reasoning) =>
          reasoning.id === required.id &&
          (reasoning.encrypted_content === undefined ||
            reasoning.encrypted_content === null ||
            reasoning.encrypted_content === required.encryptedContent) &&
          (typeof reasoning.encrypted_content === 'string' || reasoning.kept === true),
      );
      if (found) continue;
      return {
        status: 400,
        type: 'invalid_request_error',
        param: 'input',
        code: null,
        message:
          `Item '${shortenForMessage(item.id)}' of type 'function_call' was provided without its required ` +
          `'reasoning' item: '${required.id}'.`,
      };
    }
    return undefined;
  },
};
