import { defineAgent } from '@toolloop/eval';
import { lookupOrder } from './support-tools.js';

/** Today's date, as an assistant that tells the model the date reads it: a system prompt that changes every day. */
const today = new Date().toISOString().slice(0, 10);

export default defineAgent({
  system: `You are the support assistant of Acme Shop. Today is ${today}. Look an order up before you answer about it.`,
  tools: [lookupOrder],
  loop: { maxRounds: 3 },
});
