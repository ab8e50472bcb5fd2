import {
  createToolOutput,
  defineTool,
  runToolLoop,
  type Message,
  type Model,
  type ModelStreamPart,
} from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
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

/** The user's leave balance, as structured content only (no text blocks), as some MCP tools answer. */
const leaveBalance = defineTool({
  name: 'leave_balance',
  description: 'The days of leave the user has and has taken this year.',
  inputSchema: z.object({}),
  execute: () => createToolOutput({ content: [], structuredContent: { days: 25, taken: 3 } }),
});

/** What an adapter does to the summary model's stream, part by part. */
type Adapt = (parts: AsyncIterable<ModelStreamPart>) => AsyncIterable<ModelStreamPart>;

/** The adapters of the summary model, each named by the user's message of the turn it runs in. */
const adapters: Record<string, Adapt> = {
  /** An API that answers in whole blocks: no deltas are passed on. */
  'whole blocks only': async function* (parts) {
    for await (const part of parts) if (part.type !== 'text-delta') yield part;
  },
  /** An adapter that passes the deltas on but not the whole blocks after them. */
  'deltas only': async function* (parts) {
    for await (const part of parts) if (part.type !== 'text') yield part;
  },
  /** An adapter that adds a whole text block of its own, without deltas, after the model's streamed one. */
  'a note of its own': async function* (parts) {
    for await (const part of parts) {
      if (part.type === 'finish') yield { type: 'text', text: ' (Checked against the 2026 handbook.)' };
      yield part;
    }
  },
  /** An adapter that passes on a warning of its own, as a provider does for a setting its model does not take. */
  'a warning': async function* (parts) {
    yield {
      type: 'warning',
      code: 'setting_ignored',
      message: 'The summary model takes no maxTokens above 200.',
    };
    yield* parts;
  },
  /** The model's stream unchanged: the scenario's script sends a summary of blanks only. */
  'a blank summary': (parts) => parts,
  /** The model's stream unchanged: the scenario's script sends a summary between blank lines. */
  'a padded summary': (parts) => parts,
  /** An adapter that forgets to pass the finish part on. */
  'no finish part': async function* (parts) {
    for await (const part of parts) if (part.type !== 'finish') yield part;
  },
};

/** The text of the user's last message, which names the summary model's adapter. */
function lastUserText(messages: readonly Message[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

/** The model, with its stream passed through `adapt`: what a user's own model adapter does. */
function adaptModel(model: Model, adapt: Adapt): Model {
  return {
    provider: model.provider,
    modelId: model.modelId,
    stream: (request) => adapt(model.stream(request)),
  };
}

/**
 * An HR assistant under a context limit (past 900 tokens, the rounds before the latest are summarized) whose
 * summaries are written by a model of its own: the scenario's model behind an adapter, changed as the turn's
 * message names. The turns' own requests go to the model unchanged; each turn starts a conversation of its own.
 */
export function startTurn({ model, tools, messages, signal }: AgentRunContext) {
  const user = lastUserText(messages);
  const adapt = adapters[user];
  if (adapt === undefined) throw new Error(`No adapter is named '${user}'.`);
  return runToolLoop({
    model,
    tools: [readPage, leaveBalance, ...tools],
    messages: [{ role: 'user', content: user }],
    signal,
    system: 'You answer questions about the staff handbook.',
    statusMessages: 'off',
    contextLimit: {
      maxTokens: 900,
      keepToolResults: 1,
      summarize: { model: adaptModel(model, adapt), maxTokens: 200 },
    },
  });
}

export default defineAgent({ run: startTurn });
