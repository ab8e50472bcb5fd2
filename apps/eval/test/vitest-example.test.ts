import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { describeScenarios, toolloopMatchers } from '@toolloop/eval/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

expect.extend(toolloopMatchers);

// Each scenario file becomes a test; paths start at this file's directory. Here: the ones tagged smoke.
describeScenarios('fixtures/passing/*.yaml', { tags: ['smoke'] });

const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Finds an order by its id',
  inputSchema: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => `Order ${orderId}: shipped on Monday`,
});

describe('the support assistant', () => {
  it('looks the order up, then answers', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'lookup_order', input: { orderId: 'A-1' } }] },
      { text: 'Your order A-1 shipped on Monday.' },
    ]);
    const result = await runToolLoop({ model, tools: [lookupOrder], prompt: 'Where is A-1?' }).result;

    expect(result).toStopWith('completed');
    expect(result).toHaveCalledTool('lookup_order', { orderId: 'A-1' });
    expect(result).not.toHaveCalledTool('refund_order');
  });

  it('stops at the round cap and still answers from what it found', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'lookup_order', input: { orderId: 'A-1' } }] },
      { toolCalls: [{ name: 'lookup_order', input: { orderId: 'A-2' } }] },
      { text: 'A-1 and A-2 shipped on Monday.' },
    ]);
    const result = await runToolLoop({
      model,
      tools: [lookupOrder],
      prompt: 'Where are my orders?',
      maxRounds: 2,
    }).result;

    expect(result).toStopWith('max_rounds');
    expect(result).toHaveToolCalls([
      { name: 'lookup_order', input: { orderId: 'A-1' } },
      { name: 'lookup_order', input: { orderId: 'A-2' } },
    ]);
    // `subset`: these calls are among the calls made. `superset`: every call made is one of these.
    expect(result).toHaveToolCalls([{ name: 'lookup_order', input: { orderId: 'A-2' } }], {
      order: 'subset',
    });
    expect(result).toHaveToolCalls(
      [
        { name: 'lookup_order', input: { orderId: 'A-1' } },
        { name: 'lookup_order', input: { orderId: 'A-2' } },
        { name: 'lookup_order', input: { orderId: 'A-3' } },
      ],
      { order: 'superset' },
    );
  });
});
