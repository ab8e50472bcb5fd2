import { setTimeout as delay } from 'node:timers/promises';
import { defineTool } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

/** Reads the ledger: a second of work. */
const readLedger = defineTool({
  name: 'read_ledger',
  description: 'The entries of the ledger.',
  inputSchema: z.object({}),
  execute: async (_input, { signal }) => {
    await delay(1_000, undefined, { signal });
    return 'Rent: 900 EUR. Power: 80 EUR.';
  },
});

/** Posts an entry, once the user approved it: most of a second of work. */
const postEntry = defineTool({
  name: 'post_entry',
  description: 'Posts an entry to the ledger. The user approves each entry.',
  inputSchema: z.object({ entry: z.string() }),
  needsApproval: true,
  execute: async ({ entry }, { signal }) => {
    await delay(800, undefined, { signal });
    return `Posted: ${entry}.`;
  },
});

/**
 * A bookkeeping assistant whose turns may take 1.5 s (timeoutMs 1500), a wait for the user's approval not
 * counted: reading the ledger takes a second, posting an entry most of one.
 */
export default defineAgent({
  system: 'You keep the user’s ledger. Posting an entry needs the user’s approval.',
  tools: [readLedger, postEntry],
  loop: { timeoutMs: 1_500, statusMessages: 'off' },
});
