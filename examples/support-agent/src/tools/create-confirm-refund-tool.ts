import { defineTool } from '@toolloop/core';
import { z } from 'zod';
import type { Shop } from '../shop/create-shop.js';

/**
 * `confirm_refund`, the second step of a refund: pays a quote from `request_refund`. A refund of more than
 * `approvalLimitCents` waits for a person's approval first: the turn stops with `approval_required`, and the host
 * resumes it with their decision.
 */
export function createConfirmRefundTool({
  shop,
  approvalLimitCents,
}: {
  shop: Shop;
  /** The largest refund paid without a person's approval, in euro cents. */
  approvalLimitCents: number;
}) {
  return defineTool({
    name: 'confirm_refund',
    description:
      'Step 2 of a refund: pays the refund of a quote from request_refund, back to the card of the order. Call it only after the customer has confirmed the amount.',
    inputSchema: z.object({
      quoteId: z.string().regex(/^RQ-/u, 'a quoteId comes from request_refund and starts with RQ-'),
    }),
    // An unknown quote needs no approval: it fails when it runs, and the model reads why.
    needsApproval: ({ quoteId }) => (shop.findQuote(quoteId)?.amountCents ?? 0) > approvalLimitCents,
    execute: ({ quoteId }) => {
      const refund = shop.confirmRefund(quoteId);
      return {
        refundId: refund.refundId,
        quoteId,
        orderId: refund.orderId,
        amount: refund.amountCents / 100,
        currency: 'EUR',
        status: 'refunded',
        arrives: 'on the card used for the order within 5 working days',
      };
    },
  });
}
