import { describe, expect, it } from 'vitest';
import { createShop } from '../src/shop/create-shop.js';
import { createConfirmRefundTool } from '../src/tools/create-confirm-refund-tool.js';
import { createLookupOrderTool } from '../src/tools/create-lookup-order-tool.js';
import { createRequestRefundTool } from '../src/tools/create-request-refund-tool.js';
import { callTool } from './call-tool.js';

function createTools() {
  const shop = createShop();
  return {
    shop,
    lookupOrder: createLookupOrderTool({ shop }),
    requestRefund: createRequestRefundTool({ shop }),
    confirmRefund: createConfirmRefundTool({ shop, approvalLimitCents: 100_00 }),
  };
}

describe('lookup_order', () => {
  it('reads the order from the shop, amounts in EUR', async () => {
    const { lookupOrder } = createTools();

    expect(await callTool(lookupOrder, { orderId: 'A-1001' })).toEqual({
      output: {
        orderId: 'A-1001',
        status: 'shipped',
        placedOn: '2026-03-02',
        items: ['kettle'],
        carrier: 'DHL',
        estimatedDelivery: '2026-03-06',
        total: 42,
        refunded: 0,
        currency: 'EUR',
      },
    });
  });

  it('throws for an order that does not exist, telling the model what to ask the customer', async () => {
    const { lookupOrder } = createTools();

    await expect(callTool(lookupOrder, { orderId: 'A-9999' })).rejects.toThrow(
      'There is no order A-9999. Ask the customer to check the order id (it looks like A-1001).',
    );
  });

  it('refuses an id that is not an order id before it runs', async () => {
    const { lookupOrder } = createTools();

    expect(await callTool(lookupOrder, { orderId: '1001' })).toEqual({
      issues: ['/orderId: an order id is "A-" and four digits, such as A-1001'],
    });
  });
});

describe('request_refund', () => {
  it('quotes a refund and pays nothing', async () => {
    const { shop, requestRefund } = createTools();

    expect(await callTool(requestRefund, { orderId: 'A-1002', amount: 18.5, reason: 'damaged' })).toEqual({
      output: {
        quoteId: 'RQ-A-1002-1850',
        orderId: 'A-1002',
        amount: 18.5,
        currency: 'EUR',
        reason: 'damaged',
        nextStep:
          'This quote pays nothing. Tell the customer the amount and ask them to confirm; once they do, call confirm_refund with this quoteId.',
      },
    });
    expect(shop.refundedCents('A-1002')).toBe(0);
  });

  it('refuses more than the order total, saying how much can be refunded', async () => {
    const { requestRefund } = createTools();

    await expect(
      callTool(requestRefund, { orderId: 'A-1003', amount: 50, reason: 'damaged' }),
    ).rejects.toThrow(
      'A refund of 50.00 EUR is more than order A-1003 allows: it totals 35.00 EUR, of which 0.00 EUR is refunded already, so at most 35.00 EUR can be refunded.',
    );
  });

  it('counts what is refunded of the order already', async () => {
    const { requestRefund, confirmRefund } = createTools();
    await callTool(requestRefund, { orderId: 'A-1002', amount: 10, reason: 'damaged' });
    await callTool(confirmRefund, { quoteId: 'RQ-A-1002-1000' });

    await expect(
      callTool(requestRefund, { orderId: 'A-1002', amount: 9, reason: 'wrong_item' }),
    ).rejects.toThrow('of which 10.00 EUR is refunded already, so at most 8.50 EUR can be refunded.');
  });

  it('gives the same quote for the same order and amount, paid or not: a repeated request never pays twice', async () => {
    const { shop, requestRefund, confirmRefund } = createTools();
    const request = { orderId: 'A-1002', amount: 18.5, reason: 'damaged' };
    const first = await callTool(requestRefund, request);
    await callTool(confirmRefund, { quoteId: 'RQ-A-1002-1850' });

    const again = await callTool(requestRefund, request);
    await callTool(confirmRefund, { quoteId: 'RQ-A-1002-1850' });

    expect(again).toEqual(first);
    expect(shop.refundedCents('A-1002')).toBe(1850);
  });

  it('refuses orders that were never charged or have not shipped', async () => {
    const { requestRefund } = createTools();

    await expect(
      callTool(requestRefund, { orderId: 'A-1005', amount: 12, reason: 'changed_mind' }),
    ).rejects.toThrow(
      'Order A-1005 was cancelled before it shipped and never charged: there is nothing to refund.',
    );
    await expect(
      callTool(requestRefund, { orderId: 'A-1006', amount: 10, reason: 'changed_mind' }),
    ).rejects.toThrow(
      "Order A-1006 has not shipped yet, so there is nothing to refund; the shop's team can still cancel it.",
    );
  });

  it('checks amount and reason before it runs: positive, whole cents, a known reason', async () => {
    const { requestRefund } = createTools();

    expect(await callTool(requestRefund, { orderId: 'A-1002', amount: -5, reason: 'damaged' })).toEqual({
      issues: ['/amount: Too small: expected number to be >0'],
    });
    expect(await callTool(requestRefund, { orderId: 'A-1002', amount: 1.005, reason: 'damaged' })).toEqual({
      issues: ['/amount: Invalid number: must be a multiple of 0.01'],
    });
    expect(await callTool(requestRefund, { orderId: 'A-1002', amount: 5, reason: 'bored' })).toMatchObject({
      issues: [expect.stringContaining('/reason: Invalid option')],
    });
  });
});

describe('confirm_refund', () => {
  it('pays a quote, once however often it is confirmed', async () => {
    const { shop, requestRefund, confirmRefund } = createTools();
    await callTool(requestRefund, { orderId: 'A-1002', amount: 18.5, reason: 'damaged' });

    const first = await callTool(confirmRefund, { quoteId: 'RQ-A-1002-1850' });
    const second = await callTool(confirmRefund, { quoteId: 'RQ-A-1002-1850' });

    expect(first).toEqual({
      output: {
        refundId: 'RF-A-1002-1850',
        quoteId: 'RQ-A-1002-1850',
        orderId: 'A-1002',
        amount: 18.5,
        currency: 'EUR',
        status: 'refunded',
        arrives: 'on the card used for the order within 5 working days',
      },
    });
    expect(second).toEqual(first);
    expect(shop.refundedCents('A-1002')).toBe(1850);
  });

  it('refuses a quote that request_refund never gave', async () => {
    const { confirmRefund } = createTools();

    await expect(callTool(confirmRefund, { quoteId: 'RQ-A-1002-1850' })).rejects.toThrow(
      'There is no refund quote RQ-A-1002-1850. Call request_refund first, and confirm with the quoteId it returns.',
    );
  });

  it('needs approval for a refund over the limit, and only then', async () => {
    const { requestRefund, confirmRefund } = createTools();
    await callTool(requestRefund, { orderId: 'A-1004', amount: 249, reason: 'damaged' });
    await callTool(requestRefund, { orderId: 'A-1004', amount: 100, reason: 'damaged' });
    const needsApproval = confirmRefund.needsApproval;
    if (typeof needsApproval !== 'function') throw new Error('confirm_refund has no approval rule');

    expect(await needsApproval({ quoteId: 'RQ-A-1004-24900' })).toBe(true);
    expect(await needsApproval({ quoteId: 'RQ-A-1004-10000' })).toBe(false);
    expect(await needsApproval({ quoteId: 'RQ-unknown' })).toBe(false);
  });
});
