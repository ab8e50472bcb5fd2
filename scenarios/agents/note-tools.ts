import { defineTool } from '@toolloop/core';
import { z } from 'zod';

const notes: Record<string, string> = { '1': 'Buy milk.', '2': 'Call the bank.', '3': 'Old draft.' };

/** Reads a note by id. */
export const readNote = defineTool({
  name: 'read_note',
  description: 'The text of a note, by id.',
  inputSchema: z.object({ id: z.string() }),
  // Said outright, as a host may: reading never waits for a person.
  needsApproval: false,
  execute: ({ id }) => notes[id] ?? `No note ${id}.`,
});

/**
 * Deletes a note: a side effect a person approves first. It deletes nothing for real, so that scenarios can
 * run it in any order; its answer says what it would have done.
 */
export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes a note, by id. The user approves each deletion.',
  inputSchema: z.object({ id: z.string() }),
  needsApproval: true,
  execute: ({ id }) => (notes[id] === undefined ? `No note ${id}.` : `Note ${id} deleted.`),
});

/**
 * Shares a note by e-mail: within the company (an address at example.com) at once, with anyone else only after
 * the user approves. The rule reads the validated input; a call whose input does not validate fails as usual.
 */
export const shareNote = defineTool({
  name: 'share_note',
  description: 'Sends a note to an e-mail address. Addresses outside example.com need the user’s approval.',
  inputSchema: z.object({ id: z.string(), to: z.string() }),
  needsApproval: ({ to }) => !to.endsWith('@example.com'),
  execute: ({ id, to }) => (notes[id] === undefined ? `No note ${id}.` : `Note ${id} sent to ${to}.`),
});
