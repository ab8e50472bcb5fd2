import { defineAgent } from '@toolloop/eval';
import { deleteNote, readNote, shareNote } from './note-tools.js';

/**
 * A notes assistant whose deletions wait for the user's approval (delete_note has needsApproval), and whose
 * notes shared outside the company do too (share_note's rule reads the address). Its turns on claude-sonnet-4-6
 * have a cost.
 */
export default defineAgent({
  system: 'You manage the user’s notes. Deleting a note needs the user’s approval.',
  tools: [readNote, deleteNote, shareNote],
  loop: { prices: { 'claude-sonnet-4-6': { inputPerMillion: 2, outputPerMillion: 10 } } },
});
