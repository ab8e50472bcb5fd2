import { defineAgent } from '@toolloop/eval';
import { deleteNote, readNote } from './note-tools.js';

/** A notes assistant whose deletions wait for the user's approval (delete_note has needsApproval). */
export default defineAgent({
  system: 'You manage the user’s notes. Deleting a note needs the user’s approval.',
  tools: [readNote, deleteNote],
});
