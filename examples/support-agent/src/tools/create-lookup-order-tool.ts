import { defineTool } from '@toolloop/core';
import { z } from 'zod';
import type { Shop } from '../shop/create-shop.js';
import { orderIdSchema } from './order-id-schema.js';

/** `lookup_order`: an order's status, items, total and what is refunded of it, read from the shop. */
export function createLookupOrderTool({ shop }: { shop: Shop }) {
  return defineTool({
    name: 'lookup_order',
    description:
      'Looks an order up: its status (processing, shipped, delivered, cancelled), items, total and refunds in EUR, and for a shipped order its carrier and estimated delivery.',
    inputSchema: z.object({ orderId: orderIdSchema }),
    execute: ({ orderId }) => {
      const { totalCents, ...order } = shop.getOrder(orderId);
      return {
        ...order,
        total: totalCents / 100,
        refunded: shop.refundedCents(orderId) / 100,
        currency: 'EUR',
      };
    },
  });
}
