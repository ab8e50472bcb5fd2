import { defineAgent } from '@toolloop/eval';
import { deleteNote, readNote } from './note-tools.js';

/**
 * The notes assistant of approval-agent.ts with a limit on tool calls: two per user message (maxToolCalls 2),
 * across an approval pause too.
 */
export default defineAgent({
  system: 'You manage the user’s notes. Deleting a note needs the user’s approval.',
  tools: [readNote, deleteNote],
  loop: { maxToolCalls: 2, statusMessages: 'off' },
});
