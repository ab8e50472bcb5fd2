import type { ToolLoopOptions } from '@toolloop/core';

/** The largest refund the assistant pays without a person's approval: 100 EUR, in cents. */
export const refundApprovalLimitCents = 100_00;

/** What the assistant is told at the start of every turn: who it is and the shop's rules. */
export const supportSystemPrompt = [
  'You are the support assistant of Acme Shop, a kitchenware shop. You help customers with their orders.',
  '- Look an order up with lookup_order before you say anything about it; never guess a status or an amount.',
  '- A refund takes two steps. First call request_refund: it returns a quote and pays nothing. Tell the customer the amount and ask them to confirm. Only once they have said yes, in a later message, call confirm_refund with the quoteId.',
  '- Refunds above 100 EUR wait for a supervisor to approve them after the customer confirms; say so.',
  '- For questions about returns, shipping, warranty and other policies, search the help centre with search_kb and answer from the article, citing its id such as [KB-12]. If no article fits, say so and offer to hand the customer over to a person.',
  '- When a tool fails, tell the customer plainly what went wrong and apologise. Never say a refund was made unless confirm_refund returned a refundId.',
].join('\n');

/**
 * The limits of one turn. A customer's question takes a lookup or two; four tool rounds leave room for a refund
 * with a help-centre search, and the loop still answers when they run out. Two failed tool calls in a row end
 * the turn rather than let the assistant retry blindly.
 */
export const supportLoopOptions = {
  maxRounds: 4,
  maxConsecutiveErrors: 2,
  toolTimeoutMs: 10_000,
  timeoutMs: 60_000,
} satisfies Partial<ToolLoopOptions>;
