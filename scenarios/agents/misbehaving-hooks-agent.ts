import { defineTool, type Message } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

/** Looks up the price of an item. */
const lookupPrice = defineTool({
  name: 'lookup_price',
  description: 'The price of an item of the shop.',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `${item}: 4 EUR`,
});

/** Tells whether an item is in stock. */
const checkStock = defineTool({
  name: 'check_stock',
  description: 'Whether the shop has an item in stock.',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `${item}: in stock`,
});

/** The text of the user's last message: each turn of the scenario names the mistake its hooks make. */
function lastUserText(messages: readonly Message[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

/** Whether this turn's needsApproval throws (it is told nothing of the conversation, so prepareStep says). */
let approvalBroken = false;

/**
 * An assistant whose hooks make the mistakes a host's hooks can make, one per turn, chosen by the user's
 * message: each must end the turn with hook_error and a message that says what to return instead. A stopWhen
 * that returns false or null goes on.
 */
export default defineAgent({
  system: 'You answer questions about prices.',
  tools: [lookupPrice, checkStock],
  loop: {
    prepareStep: ({ messages }) => {
      const mistake = lastUserText(messages);
      approvalBroken = mistake === 'needsApproval throws';
      if (mistake === 'activeTools not a list') return { activeTools: 'lookup_price' as unknown as string[] };
      if (mistake === 'activeTools a number')
        return { activeTools: ['lookup_price', 3 as unknown as string] };
      if (mistake === 'activeTools unknown')
        return { activeTools: ['lookup_price', 'search_web', 'order_item'] };
      if (mistake === 'prepareStep throws') throw new Error('the step plan is broken');
      return undefined;
    },
    stopWhen: ({ messages }) => {
      const mistake = lastUserText(messages);
      if (mistake === 'stopWhen true') return true as unknown as string;
      // "stopWhen built-in max_rounds" returns max_rounds.
      if (mistake.startsWith('stopWhen built-in ')) return mistake.slice('stopWhen built-in '.length);
      if (mistake === 'stopWhen not snake_case') return { reason: 'price_Found' };
      if (mistake === 'stopWhen no reason') return { answer: true } as unknown as string;
      // Not mistakes: false and null go on, as undefined does (a condition written as a predicate that is false).
      if (mistake === 'stopWhen false') return false;
      if (mistake === 'stopWhen null') return null;
      return undefined;
    },
    needsApproval: ({ name }) => {
      if (name === 'lookup_price' && approvalBroken) throw new Error('the approval list is gone');
      return false;
    },
    onStepFinish: (step) => {
      if (step.response.text === 'throw in onStepFinish') throw new Error('the step log is full');
    },
  },
});
