import { defineTool } from '@toolloop/core';
import { z } from 'zod';

const orders: Record<string, { status: string; total: number; items: string[] }> = {
  'A-100': { status: 'shipped', total: 42, items: ['kettle'] },
  'A-101': { status: 'processing', total: 18.5, items: ['mug', 'tea'] },
};

/** Reads an order from the shop's records. */
export const lookupOrder = defineTool({
  name: 'lookup_order',
  description: "An order's status, total (EUR) and items, by order id such as A-100.",
  inputSchema: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => {
    const order = orders[orderId];
    if (order === undefined) throw new Error(`No order ${orderId}.`);
    return { orderId, ...order };
  },
});

/** Pays money back through the payments API: a side effect no test should cause. */
export const issueRefund = defineTool({
  name: 'issue_refund',
  description: 'Refunds an amount (EUR) of an order to the card it was paid with.',
  inputSchema: z.object({ orderId: z.string(), amount: z.number().positive() }),
  execute: async ({ orderId, amount }, { signal }) => {
    const paymentsApi = process.env.PAYMENTS_API_URL;
    if (paymentsApi === undefined)
      throw new Error('PAYMENTS_API_URL is not set: there is nowhere to send the refund.');
    const response = await fetch(`${paymentsApi}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId, amount }),
      signal,
    });
    if (!response.ok) throw new Error(`The payments API answered ${response.status}.`);
    return await response.json();
  },
});
