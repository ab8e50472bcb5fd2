import type { ToolDefinition, ToolSource } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { readNote } from './note-tools.js';

/** The one tool of the archive plugin: it moves a note to the archive, with the user's approval. */
const archiveNote: ToolDefinition = {
  name: 'archive_note',
  description: 'Moves a note to the archive. The user approves each move.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};

/** Whether the plugin is installed: at the start of every turn; uninstalled once a call waits for approval. */
let installed = true;

/** The plugin's tools as a plugin host reports them: none once it is uninstalled. */
const archivePlugin: ToolSource = {
  name: 'archive-plugin',
  listTools: () => Promise.resolve(installed ? [archiveNote] : []),
  callTool: () => Promise.resolve({ content: [{ type: 'text', text: 'Archived.' }] }),
};

/**
 * A notes assistant whose archive tool comes from a plugin and waits for the user's approval; the plugin is
 * uninstalled before the user decides, so the approved call finds no tool when the turn resumes. It runs one call
 * of a response: the others are dropped, and a dropped call is never asked about.
 */
export default defineAgent({
  system: () => {
    installed = true;
    return 'You manage the user’s notes. Archiving a note needs the user’s approval.';
  },
  tools: [readNote, archivePlugin],
  loop: {
    maxToolsPerResponse: 1,
    needsApproval: ({ name }) => {
      if (name !== 'archive_note') return false;
      // While the user decides, they uninstall the plugin: the resumed turn lists its tools without it.
      installed = false;
      return true;
    },
  },
});
