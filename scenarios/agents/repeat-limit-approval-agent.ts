import { defineAgent } from '@toolloop/eval';
import { deleteNote, readNote } from './note-tools.js';

/**
 * The notes assistant of approval-agent.ts with a limit on repeated calls: a tool may be called once with the
 * same input in a turn (maxRepeatedCalls 1), across an approval pause too.
 */
export default defineAgent({
  system: 'You manage the user’s notes. Deleting a note needs the user’s approval.',
  tools: [readNote, deleteNote],
  loop: { maxRepeatedCalls: 1, statusMessages: 'off' },
});
