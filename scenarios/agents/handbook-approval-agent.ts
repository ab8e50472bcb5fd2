import { defineTool } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

/** A handbook page: long enough that three of them pass the agent's context limit. */
function page(section: string): string {
  return Array.from(
    { length: 12 },
    () =>
      `Section ${section}: paid leave is 25 days a year, booked through the portal two weeks ahead, approved by the team lead.`,
  ).join(' ');
}

/** Reads a page of the handbook. */
const readPage = defineTool({
  name: 'read_page',
  description: 'A page of the staff handbook, by section.',
  inputSchema: z.object({ section: z.string() }),
  execute: ({ section }) => page(section),
});

/** Books leave: a side effect the user approves first (it books nothing; its answer says what it would do). */
const bookLeave = defineTool({
  name: 'book_leave',
  description: 'Books days of leave for the user. The user approves each booking.',
  inputSchema: z.object({ days: z.number() }),
  needsApproval: true,
  execute: ({ days }) => `Booked ${days} days of leave.`,
});

/**
 * An HR assistant that reads long handbook pages under a context limit (past 900 tokens, the rounds before the
 * latest are summarized) and books leave only with the user's approval: a turn that condensed or cleared its
 * context, then paused, must resume with what it condensed or cleared.
 */
export default defineAgent({
  system: 'You answer questions about the staff handbook and book leave.',
  tools: [readPage, bookLeave],
  loop: {
    contextLimit: { maxTokens: 900, keepToolResults: 1, summarize: true },
    statusMessages: 'off',
  },
});
