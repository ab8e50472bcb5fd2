import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const placeOrder = defineTool({
  name: 'place_order',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `Order placed: ${item}.`,
});

// Any Model works here.
const model = createScriptedModel([
  { toolCalls: [{ name: 'place_order', input: { item: 'kettle' } }] },
  { text: 'Your kettle is ordered.' },
]);

const result = await runToolLoop({
  model,
  tools: [placeOrder],
  prompt: 'Order me a kettle.',
  // After each tool round: once an order went through, end the turn with a reason of our own, after one last
  // answer in which the model may call no tool.
  stopWhen: ({ toolCalls }) =>
    toolCalls.some((call) => call.name === 'place_order' && !call.isError) && {
      reason: 'order_placed',
      answer: true,
      detail: 'an order was placed',
    },
}).result;
console.log(`${result.stopReason} after ${result.rounds} round(s): ${result.text}`);
