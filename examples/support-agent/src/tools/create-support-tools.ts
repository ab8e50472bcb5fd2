import type { Shop } from '../shop/create-shop.js';
import { refundApprovalLimitCents } from '../support-policy.js';
import { createConfirmRefundTool } from './create-confirm-refund-tool.js';
import { createLookupOrderTool } from './create-lookup-order-tool.js';
import { createRequestRefundTool } from './create-request-refund-tool.js';

/** The assistant's local tools, working on `shop`: `lookup_order`, `request_refund` and `confirm_refund`. */
export function createSupportTools({ shop }: { shop: Shop }) {
  return [
    createLookupOrderTool({ shop }),
    createRequestRefundTool({ shop }),
    createConfirmRefundTool({ shop, approvalLimitCents: refundApprovalLimitCents }),
  ];
}
