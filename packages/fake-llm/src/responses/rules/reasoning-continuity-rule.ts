import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import type { ResponsesAnswer, ResponsesOutputItem } from '../responses-answer.js';
import type { ResponsesRule } from './responses-rule.js';

type ReasoningItem = Extract<ResponsesOutputItem, { type: 'reasoning' }>;

/** For each item the fake answered after a reasoning item (a message, a function call), that reasoning item. */
function mapItemsToReasoning(answers: readonly ResponsesAnswer[]): Map<string, ReasoningItem> {
  const byItem = new Map<string, ReasoningItem>();
  for (const answer of answers) {
    let reasoning: ReasoningItem | undefined;
    for (const item of answer.output) {
      if (item.type === 'reasoning') reasoning = item;
      else if (reasoning !== undefined) byItem.set(item.id, reasoning);
    }
  }
  return byItem;
}

/** Whether a reasoning item sent back is the one the fake answered: the same id, its encrypted_content unchanged. */
function isSameReasoning(sent: Record<string, unknown>, required: ReasoningItem): boolean {
  const encrypted = sent.encrypted_content;
  return (
    sent.id === required.id &&
    (encrypted === required.encryptedContent ||
      ((encrypted === undefined || encrypted === null) && sent.kept === true))
  );
}

const invalidInput = (message: string): RuleRefusal => ({
  status: 400,
  type: 'invalid_request_error',
  param: 'input',
  code: null,
  message,
});

/**
 * A `function_call` or a `message` the fake answered after a reasoning item, sent back (by its id) without that
 * reasoning item before it. The reasoning item counts when it comes back with its `encrypted_content`
 * unchanged, or by id alone while the fake keeps it (`store` on); a `previous_response_id` brings back the kept
 * conversation, reasoning included.
 */
export const reasoningContinuityRule: ResponsesRule = {
  id: 'responses/reasoning-continuity',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    "A function_call or message item sent back without the reasoning item it followed in the model's answer " +
    '(same id, same encrypted_content), as with store: false and the reasoning left out.',
  source:
    'The answers as quoted in https://github.com/mastra-ai/mastra/issues/8738 (function_call, param input) and ' +
    'https://github.com/continuedev/continue/issues/12620 (message), with the reasoning-model tool loops of ' +
    'https://github.com/vercel/ai/issues/7099 and https://github.com/0xPlaygrounds/rig/issues/751.',
  check({ conversation, answers }) {
    const reasoningByItem = mapItemsToReasoning(answers);
    const sentReasoning: Record<string, unknown>[] = [];
    for (const item of conversation) {
      if (item.type === 'reasoning') sentReasoning.push(item);
      if ((item.type !== 'function_call' && item.type !== 'message') || typeof item.id !== 'string') continue;
      const required = reasoningByItem.get(item.id);
      if (required === undefined || sentReasoning.some((sent) => isSameReasoning(sent, required))) continue;
      return invalidInput(
        `Item '${shortenForMessage(item.id)}' of type '${item.type}' was provided without its required ` +
          `'reasoning' item: '${required.id}'.`,
      );
    }
    return undefined;
  },
};

/**
 * A reasoning item the fake answered, sent back without the item that followed it in the answer (the message
 * or function call, by its id) right after it: the API takes reasoning only with what it led to.
 */
export const reasoningFollowingItemRule: ResponsesRule = {
  id: 'responses/reasoning-following-item',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    "A reasoning item sent back without the item that followed it in the model's answer right after it (a " +
    'message or function_call, with that id or none), as when a client drops what the reasoning led to.',
  source:
    "The API's answer as quoted in https://github.com/openai/openai-node/issues/1567 and " +
    "https://github.com/continuedev/continue/issues/8933 (\"Item 'rs_…' of type 'reasoning' was provided " +
    'without its required following item.")',
  check({ answers, conversation }) {
    const following = new Map<string, ResponsesOutputItem>();
    for (const answer of answers) {
      answer.output.forEach((item, index) => {
        const next = answer.output[index + 1];
        if (item.type === 'reasoning' && next !== undefined) following.set(item.id, next);
      });
    }
    for (const [index, item] of conversation.entries()) {
      if (item.type !== 'reasoning' || typeof item.id !== 'string') continue;
      const required = following.get(item.id);
      const next = conversation[index + 1];
      // The item may come back without its id (@ai-sdk/openai sends function calls so, and the API takes them).
      const kept =
        next !== undefined &&
        (next.type ?? 'message') === required?.type &&
        (next.id === undefined || next.id === required.id);
      if (required === undefined || kept) continue;
      return invalidInput(
        `Item '${shortenForMessage(item.id)}' of type 'reasoning' was provided without its required following item.`,
      );
    }
    return undefined;
  },
};

/**
 * With `store: false`, a reasoning item the fake answered sent back by id alone (no `encrypted_content`) while the
 * fake keeps nothing of it: the API has no such item to look up.
 */
export const itemNotStoredRule: ResponsesRule = {
  id: 'responses/item-not-stored',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    'A reasoning item sent back by id without its encrypted_content when nothing was stored (store: false): the ' +
    'API has no such item.',
  source:
    'The API\'s answer as quoted in https://github.com/openai/openai-agents-js/issues/546 (404, "Item with id ' +
    "'rs_…' not found. Items are not persisted when `store` is set to false. …\")",
  check({ answers, conversation }) {
    const answered = new Set(answers.flatMap((answer) => answer.output.map((item) => item.id)));
    for (const item of conversation) {
      if (item.type !== 'reasoning' || typeof item.id !== 'string' || !answered.has(item.id)) continue;
      const encrypted = item.encrypted_content;
      if (typeof encrypted === 'string' || item.kept === true) continue;
      return {
        status: 404,
        type: 'invalid_request_error',
        param: 'input',
        code: null,
        message:
          `Item with id '${shortenForMessage(item.id)}' not found. Items are not persisted when \`store\` is set ` +
          'to false. Try again with `store` set to true, or remove this item from your input.',
      };
    }
    return undefined;
  },
};
