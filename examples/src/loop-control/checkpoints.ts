import { defineTool, runToolLoop, type TurnCheckpoint } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const lookup = defineTool({
  name: 'lookup',
  inputSchema: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => `Order ${orderId}: shipped.`,
});
const script = [
  { toolCalls: [{ id: 'call_1', name: 'lookup', input: { orderId: 'A-1' } }] },
  { toolCalls: [{ id: 'call_2', name: 'lookup', input: { orderId: 'A-2' } }] },
  { text: 'Both orders have shipped.' },
];

// Keep the last checkpoint somewhere that outlives this process: a file, a database row.
let stored = '';
const first = runToolLoop({
  model: createScriptedModel(script),
  tools: [lookup],
  prompt: 'Where are orders A-1 and A-2?',
  maxToolCalls: 5,
  onCheckpoint: (checkpoint) => {
    stored = JSON.stringify(checkpoint);
    // This host dies after the first round.
    if (checkpoint.state.rounds === 1) first.abort('the host went down');
  },
});
console.log(`first host: ${(await first.result).stopReason}`);

// Another host goes on from the checkpoint, with the same tools and options: the limits count what was done.
const turn = JSON.parse(stored) as TurnCheckpoint;
const result = await runToolLoop({
  model: createScriptedModel(script.slice(turn.state.iterations)),
  tools: [lookup],
  maxToolCalls: 5,
  resume: { turn },
}).result;
console.log(`second host: ${result.stopReason} after ${result.rounds} rounds, ${result.iterations} requests`);
console.log(result.text);
