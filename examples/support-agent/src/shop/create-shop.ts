import { formatEuros } from './format-euros.js';
import type { Order } from './order.js';
import { sampleOrders } from './sample-orders.js';

/** Why a customer wants their money back. */
export type RefundReason = 'damaged' | 'not_delivered' | 'wrong_item' | 'changed_mind';

/** A refund the shop has worked out but not paid: the first of the two steps. */
export interface RefundQuote {
  /** Names the order and the amount: asking again for the same refund gives the same quote. */
  quoteId: string;
  orderId: string;
  amountCents: number;
  reason: RefundReason;
  /** Set once the refund is paid. */
  refundId?: string;
}

/** A refund paid back to the card of the order: the second step. */
export interface Refund {
  refundId: string;
  quoteId: string;
  orderId: string;
  amountCents: number;
}

/**
 * The shop's records and its payments, as the tools see them. In your project these are your database and your
 * payment provider's API; here they live in memory, so that tests and scenarios need nothing else.
 */
export interface Shop {
  /** The order with this id; throws, saying what to do, when there is none. */
  getOrder(orderId: string): Order;
  /** Euro cents refunded on an order so far. */
  refundedCents(orderId: string): number;
  /**
   * Works out a refund without paying it; the same order and amount again give the same quote, paid or not.
   * Throws, saying why, when the order cannot be refunded that much.
   */
  quoteRefund(request: { orderId: string; amountCents: number; reason: RefundReason }): RefundQuote;
  /** A quote `quoteRefund` gave, by its id. */
  findQuote(quoteId: string): RefundQuote | undefined;
  /** Pays a quoted refund. Paying a quote twice pays once: the second call returns the first refund. */
  confirmRefund(quoteId: string): Refund;
}

/**
 * An in-memory shop with `orders` (default: the sample orders). Requests are idempotent, as payment APIs make
 * them: a quote and its refund are named after the order and the amount, so a repeated request, or a scenario
 * run twice, never pays twice.
 */
export function createShop({ orders = sampleOrders }: { orders?: readonly Order[] } = {}): Shop {
  const ordersById = new Map(orders.map((order) => [order.orderId, order]));
  const quotes = new Map<string, RefundQuote>();
  const refunds = new Map<string, Refund>();

  const refundedCents = (orderId: string) =>
    [...refunds.values()]
      .filter((refund) => refund.orderId === orderId)
      .reduce((sum, refund) => sum + refund.amountCents, 0);

  /** Throws when `amountCents` does not fit in what is left of the order's total. */
  const checkRefundable = (order: Order, amountCents: number) => {
    const refunded = refundedCents(order.orderId);
    const left = order.totalCents - refunded;
    if (amountCents > left) {
      throw new Error(
        `A refund of ${formatEuros(amountCents)} is more than order ${order.orderId} allows: it totals ${formatEuros(order.totalCents)}, of which ${formatEuros(refunded)} is refunded already, so at most ${formatEuros(left)} can be refunded.`,
      );
    }
  };

  const getOrder = (orderId: string) => {
    const order = ordersById.get(orderId);
    if (order === undefined) {
      throw new Error(
        `There is no order ${orderId}. Ask the customer to check the order id (it looks like A-1001).`,
      );
    }
    return order;
  };

  return {
    getOrder,
    refundedCents,
    quoteRefund({ orderId, amountCents, reason }) {
      const order = getOrder(orderId);
      if (order.status === 'cancelled') {
        throw new Error(
          `Order ${orderId} was cancelled before it shipped and never charged: there is nothing to refund.`,
        );
      }
      if (order.status === 'processing') {
        throw new Error(
          `Order ${orderId} has not shipped yet, so there is nothing to refund; the shop's team can still cancel it.`,
        );
      }
      const quoteId = `RQ-${orderId}-${amountCents}`;
      const existing = quotes.get(quoteId);
      if (existing !== undefined) return existing;
      checkRefundable(order, amountCents);
      const quote: RefundQuote = { quoteId, orderId, amountCents, reason };
      quotes.set(quoteId, quote);
      return quote;
    },
    findQuote: (quoteId) => quotes.get(quoteId),
    confirmRefund(quoteId) {
      const quote = quotes.get(quoteId);
      if (quote === undefined) {
        throw new Error(
          `There is no refund quote ${quoteId}. Call request_refund first, and confirm with the quoteId it returns.`,
        );
      }
      const paid = quote.refundId === undefined ? undefined : refunds.get(quote.refundId);
      if (paid !== undefined) return paid;
      const order = getOrder(quote.orderId);
      // Another refund of the order may have been paid since this one was quoted.
      checkRefundable(order, quote.amountCents);
      const refund: Refund = {
        refundId: `RF-${quote.orderId}-${quote.amountCents}`,
        quoteId,
        orderId: quote.orderId,
        amountCents: quote.amountCents,
      };
      refunds.set(refund.refundId, refund);
      quote.refundId = refund.refundId;
      return refund;
    },
  };
}
