import { join } from 'node:path';
import type { LoopResult } from '@toolloop/core';
import { connectMcpServers } from '@toolloop/core/mcp';
import { createScriptedModel } from '@toolloop/core/testing';
import { createMockMcpServer, loadMockServerSpec } from '@toolloop/mock-mcp';
import { toolloopMatchers } from '@toolloop/eval/vitest';
import { describe, expect, it } from 'vitest';
import { createShop } from '../src/shop/create-shop.js';
import { startSupportTurn } from '../src/start-support-turn.js';

expect.extend(toolloopMatchers);

/** The first turn of a refund of the espresso machine (249 EUR): quoted, then the customer says yes. */
async function confirmLargeRefund() {
  const shop = createShop();
  const model = createScriptedModel([
    { toolCalls: [{ name: 'request_refund', input: { orderId: 'A-1004', amount: 249, reason: 'damaged' } }] },
    { text: 'I can refund 249.00 EUR once a supervisor approves. Shall I go ahead?' },
    {
      text: 'Passing it to a supervisor.',
      toolCalls: [{ name: 'confirm_refund', input: { quoteId: 'RQ-A-1004-24900' } }],
    },
    { text: 'Done.' },
  ]);
  const quoted = await startSupportTurn({ model, shop, prompt: 'The espresso machine from A-1004 leaks.' })
    .result;
  const paused = await startSupportTurn({ model, shop, messages: quoted.messages, prompt: 'Yes.' }).result;
  return { shop, model, paused };
}

/** What a host stores while it waits for a person: the paused turn as plain JSON. */
function storeAndReload(result: LoopResult) {
  if (result.pausedTurn === undefined)
    throw new Error(`expected a paused turn, the turn stopped with ${result.stopReason}`);
  return JSON.parse(JSON.stringify(result.pausedTurn)) as typeof result.pausedTurn;
}

describe('startSupportTurn', () => {
  it('refunds in two steps: a quote in one turn, the payment only after the customer confirms', async () => {
    const shop = createShop();
    const model = createScriptedModel([
      { toolCalls: [{ name: 'lookup_order', input: { orderId: 'A-1002' } }] },
      {
        toolCalls: [
          { name: 'request_refund', input: { orderId: 'A-1002', amount: 18.5, reason: 'damaged' } },
        ],
      },
      { text: 'I can refund 18.50 EUR. Shall I go ahead?' },
      { toolCalls: [{ name: 'confirm_refund', input: { quoteId: 'RQ-A-1002-1850' } }] },
      { text: 'Refunded.' },
    ]);

    const quoted = await startSupportTurn({ model, shop, prompt: 'My mug from A-1002 broke.' }).result;

    expect(quoted).toStopWith('completed');
    expect(quoted).toHaveToolCalls([
      { name: 'lookup_order', input: { orderId: 'A-1002' } },
      { name: 'request_refund', input: { orderId: 'A-1002', amount: 18.5 }, isError: false },
    ]);
    expect(quoted).not.toHaveCalledTool('confirm_refund');
    expect(shop.refundedCents('A-1002')).toBe(0);

    const paid = await startSupportTurn({ model, shop, messages: quoted.messages, prompt: 'Yes, please.' })
      .result;

    expect(paid).toStopWith('completed');
    expect(paid).toHaveToolCalls([
      { name: 'confirm_refund', input: { quoteId: 'RQ-A-1002-1850' }, isError: false },
    ]);
    expect(shop.refundedCents('A-1002')).toBe(1850);
  });

  it('pauses a refund over 100 EUR before it is paid; approved, the resumed turn pays it', async () => {
    const { shop, model, paused } = await confirmLargeRefund();

    expect(paused).toStopWith('approval_required');
    expect(paused.pendingApprovals).toMatchObject([
      { name: 'confirm_refund', input: { quoteId: 'RQ-A-1004-24900' } },
    ]);
    expect(shop.refundedCents('A-1004')).toBe(0);

    const turn = storeAndReload(paused);
    const decisions = { [turn.pendingApprovals[0]!.toolCallId]: { approved: true as const } };
    const resumed = await startSupportTurn({ model, shop, resume: { turn, decisions } }).result;

    expect(resumed).toStopWith('completed');
    expect(resumed).toHaveCalledTool('confirm_refund', { quoteId: 'RQ-A-1004-24900' });
    expect(shop.refundedCents('A-1004')).toBe(24900);
  });

  it('denied, the refund is not paid and the model reads the supervisor’s reason', async () => {
    const { shop, model, paused } = await confirmLargeRefund();

    const turn = storeAndReload(paused);
    const decisions = {
      [turn.pendingApprovals[0]!.toolCallId]: { approved: false as const, reason: 'Offer a repair first.' },
    };
    const resumed = await startSupportTurn({ model, shop, resume: { turn, decisions } }).result;

    expect(resumed).toStopWith('completed');
    expect(resumed).toHaveToolCalls([{ name: 'confirm_refund', isError: true, executed: false }]);
    expect(JSON.stringify(model.requests.at(-1)?.messages.at(-1))).toContain(
      'Not executed: the user denied this call. Their reason: Offer a repair first.',
    );
    expect(shop.refundedCents('A-1004')).toBe(0);
  });

  it('answers policy questions from the knowledge base, an MCP server whose answer depends on the query', async () => {
    const server = createMockMcpServer(
      await loadMockServerSpec(join(import.meta.dirname, '../mcp/knowledge-base.yaml')),
    );
    const knowledgeBase = await connectMcpServers({
      servers: { 'help-centre': { createTransport: () => server.connectInMemory() } },
    });
    try {
      const model = createScriptedModel([
        { toolCalls: [{ name: 'search_kb', input: { query: 'warranty' } }] },
        { toolCalls: [{ name: 'search_kb', input: { query: 'gift wrapping' } }] },
        { text: 'Appliances carry a 2-year warranty [KB-7]; I found nothing on gift wrapping.' },
      ]);

      const result = await startSupportTurn({
        model,
        shop: createShop(),
        knowledgeBase,
        prompt: 'Is my kettle under warranty, and do you gift-wrap?',
      }).result;

      expect(result).toStopWith('completed');
      expect(result).toHaveToolCalls([
        { name: 'search_kb', input: { query: 'warranty' }, isError: false },
        { name: 'search_kb', input: { query: 'gift wrapping' }, isError: false },
      ]);
      expect(result.toolCalls.map((call) => call.output.content)).toEqual([
        [
          {
            type: 'text',
            text: '[KB-7] Warranty: electrical appliances carry a 2-year warranty from the day of delivery. Send a photo of the fault to support; a repair or a replacement is arranged within 10 working days.',
          },
        ],
        [
          {
            type: 'text',
            text: 'No article matches this query. Try other words, or offer to hand the customer over to a person.',
          },
        ],
      ]);
    } finally {
      await knowledgeBase.close();
      await server.close();
    }
  });
});
