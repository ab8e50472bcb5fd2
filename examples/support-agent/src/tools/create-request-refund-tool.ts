import { defineTool } from '@toolloop/core';
import { z } from 'zod';
import type { Shop } from '../shop/create-shop.js';
import { orderIdSchema } from './order-id-schema.js';

/**
 * `request_refund`, the first step of a refund: works out a refund and returns its quote, paying nothing. The
 * model is told to ask the customer, and to pay only with `confirm_refund` once they agree.
 */
export function createRequestRefundTool({ shop }: { shop: Shop }) {
  return defineTool({
    name: 'request_refund',
    description:
      'Step 1 of a refund: checks that an order can be refunded this amount and returns a quote (quoteId). Pays nothing.',
    inputSchema: z.object({
      orderId: orderIdSchema,
      amount: z.number().positive().multipleOf(0.01).describe('The amount to refund, in EUR.'),
      reason: z.enum(['damaged', 'not_delivered', 'wrong_item', 'changed_mind']),
    }),
    execute: ({ orderId, amount, reason }) => {
      const quote = shop.quoteRefund({ orderId, amountCents: Math.round(amount * 100), reason });
      return {
        quoteId: quote.quoteId,
        orderId,
        amount: quote.amountCents / 100,
        currency: 'EUR',
        reason: quote.reason,
        nextStep:
          'This quote pays nothing. Tell the customer the amount and ask them to confirm; once they do, call confirm_refund with this quoteId.',
      };
    },
  });
}
