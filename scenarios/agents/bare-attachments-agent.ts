import { createToolOutput, defineTool } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

/** Finds an HR form: a link with its URI alone, no name and no description, as some document stores give one. */
const findForm = defineTool({
  name: 'find_form',
  description: 'A link to an HR form, by topic.',
  inputSchema: z.object({ topic: z.string() }),
  execute: ({ topic }) =>
    createToolOutput({ content: [{ type: 'resource-link', uri: `https://hr.example/forms/${topic}` }] }),
});

/** Opens a scanned document: a resource with neither text nor data, its contents left where they are. */
const openScan = defineTool({
  name: 'open_scan',
  description: 'A scanned document of the user’s file, by name.',
  inputSchema: z.object({ name: z.string() }),
  execute: ({ name }) =>
    createToolOutput({
      content: [{ type: 'resource', uri: `file:///scans/${name}.pdf`, mediaType: 'application/pdf' }],
    }),
});

/** Reads a page of the handbook: long enough to pass the agent's context limit. */
const readPage = defineTool({
  name: 'read_page',
  description: 'A page of the staff handbook, by section.',
  inputSchema: z.object({ section: z.string() }),
  execute: ({ section }) =>
    Array.from(
      { length: 12 },
      () =>
        `Section ${section}: paid leave is 25 days a year, booked through the portal two weeks ahead, approved by the team lead.`,
    ).join(' '),
});

/**
 * An HR assistant whose local tools answer with bare attachments (a link that is only a URI, a resource with
 * neither text nor data) under a context limit of 300 tokens, keeping the latest result.
 */
export default defineAgent({
  system: 'You answer questions about the staff handbook and the user’s HR file.',
  tools: [findForm, openScan, readPage],
  loop: { contextLimit: { maxTokens: 300, keepToolResults: 1 }, statusMessages: 'off' },
});
