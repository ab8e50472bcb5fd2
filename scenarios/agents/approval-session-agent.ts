import { defineAgent } from '@toolloop/eval';
import { deleteNote, readNote } from './note-tools.js';

/** The notes assistant as a host runs it: through SessionManager, whose sessions keep a turn that waits. */
export default defineAgent({
  session: {
    config: { system_prompt: 'You manage the user’s notes.', thinking: false },
    tools: [readNote, deleteNote],
  },
});
