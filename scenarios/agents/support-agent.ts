import { defineAgent } from '@toolloop/eval';
import { issueRefund, lookupOrder } from './support-tools.js';

export default defineAgent({
  system:
    'You are the support assistant of Acme Shop. Look an order up before you answer about it, and never promise a refund you have not issued.',
  tools: [lookupOrder, issueRefund],
  loop: { maxRounds: 3, thinking: { budgetTokens: 1024 } },
});
