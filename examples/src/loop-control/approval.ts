import { defineTool, runToolLoop, type PausedTurn } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const refund = defineTool({
  name: 'refund',
  inputSchema: z.object({ orderId: z.string(), amount: z.number() }),
  // Small refunds go through; larger ones wait for a person.
  needsApproval: ({ amount }) => amount > 50,
  execute: ({ orderId, amount }) => `Refunded ${amount} EUR for ${orderId}.`,
});

// Any Model works here.
const model = createScriptedModel([
  { toolCalls: [{ id: 'call_1', name: 'refund', input: { orderId: 'A-1', amount: 80 } }] },
  { text: 'Done: 80 EUR refunded.' },
]);

const paused = await runToolLoop({ model, tools: [refund], prompt: 'Refund order A-1.' }).result;
console.log(`${paused.stopReason}: ${paused.pendingApprovals?.map((call) => call.name).join(', ')}`);

// The paused turn is plain JSON: store it anywhere, then resume with a decision for each pending call.
const stored = JSON.stringify(paused.pausedTurn);
const result = await runToolLoop({
  model,
  tools: [refund],
  resume: { turn: JSON.parse(stored) as PausedTurn, decisions: { call_1: { approved: true } } },
}).result;
console.log(`${result.stopReason}: ${result.text} (${result.iterations} requests in the turn)`);
