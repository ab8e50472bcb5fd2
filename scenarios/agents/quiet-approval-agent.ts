import { defineAgent } from '@toolloop/eval';
import { deleteNote, readNote } from './note-tools.js';

/**
 * The notes assistant of approval-agent.ts for a host that shows no status lines (statusMessages off): its
 * deletions still wait for the user's approval.
 */
export default defineAgent({
  system: 'You manage the user’s notes. Deleting a note needs the user’s approval.',
  tools: [readNote, deleteNote],
  loop: { statusMessages: 'off' },
});
