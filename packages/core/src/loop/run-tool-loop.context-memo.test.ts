import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message, ToolResultPart } from '../model/messages.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

/** A history of two rounds of `read` calls, each result `text`; the second round is the latest. */
function history(text: string): Message[] {
  const round = (id: string): Message[] => [
    { role: 'assistant', content: [{ type: 'tool-call', id, name: 'read', input: { id } }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'read',
          output: { content: [{ type: 'text', text }] },
          isError: false,
        },
      ],
    },
  ];
  return [
    { role: 'user', content: 'Read both.' },
    ...round('c1'),
    ...round('c2'),
    { role: 'assistant', content: [{ type: 'text', text: 'Read.' }] },
  ];
}

function firstResult(messages: readonly Message[]): ToolResultPart {
  const tool = messages.find((message) => message.role === 'tool');
  if (tool?.role !== 'tool' || tool.content[0] === undefined)
    throw new Error('No tool result in the history.');
  return tool.content[0];
}

/** The text of each tool result a request sent, in order. */
function resultTexts(request: { messages?: readonly Message[] } | undefined): string[] {
  return (request?.messages ?? []).flatMap((message) =>
    message.role === 'tool'
      ? message.content.map((result) =>
          result.output.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
        )
      : [],
  );
}

const cleared =
  '[Cleared to save context: this result of read is no longer shown. Call the tool again if you need it.]';

/** Runs one turn on `messages` under a limit of 200 tokens, the latest result kept. */
async function turn(messages: Message[], prompt: string) {
  const model = createScriptedModel([{ text: 'Answered.' }]);
  const run = await collectRun(
    runToolLoop({ model, messages, prompt, contextLimit: { maxTokens: 200, keepToolResults: 1 } }),
  );
  return { model, warnings: run.events.filter((event) => event.type === 'warning') };
}

describe('contextLimit: the estimate of earlier messages, kept from request to request', () => {
  it('follows an earlier result edited in place after it was counted', async () => {
    const messages = history('short');
    const before = await turn(messages, 'Once.');
    expect(before.warnings).toEqual([]);
    expect(resultTexts(before.model.requests[0])).toEqual(['short', 'short']);

    // The same message objects, one result's text now far past the limit: counted again, and cleared.
    const block = firstResult(messages).output.content[0];
    if (block?.type !== 'text') throw new Error('Expected a text block.');
    block.text = 'long '.repeat(400);
    const after = await turn(messages, 'Again.');
    expect(after.warnings).toEqual([expect.objectContaining({ code: 'tool_results_cleared' })]);
    expect(resultTexts(after.model.requests[0])).toEqual([cleared, 'short']);
  });

  it('follows an earlier result replaced by another object, and a result made short again', async () => {
    const messages = history('long '.repeat(400));
    const before = await turn(messages, 'Once.');
    expect(resultTexts(before.model.requests[0])).toEqual([cleared, 'long '.repeat(400)]);

    // Both results short now: nothing is past the limit, nothing cleared.
    for (const message of messages)
      if (message.role === 'tool')
        message.content = message.content.map((result) => ({
          ...result,
          output: { content: [{ type: 'text', text: 'short' }] },
        }));
    const after = await turn(messages, 'Again.');
    expect(after.warnings).toEqual([]);
    expect(resultTexts(after.model.requests[0])).toEqual(['short', 'short']);
  });
});

describe('contextLimit: the earlier messages sent again', () => {
  it('sends a message whose results were cleared as the same object from request to request', async () => {
    // What a provider made of an earlier message (its conversion, its count) is kept while the message is the
    // same object holding the same values: a message rebuilt each request would be worked out again each time.
    const sent: Message[][] = [];
    const rounds = 6;
    const model = createScriptedModel((request, index) => {
      sent.push([...request.messages]);
      return index < rounds ? { toolCalls: [{ name: 'read', input: { index } }] } : { text: 'Read.' };
    });
    const read = defineTool({ name: 'read', inputSchema: z.object({}), execute: () => 'long '.repeat(400) });
    const result = await runToolLoop({
      model,
      tools: [read],
      prompt: 'Read them all.',
      contextLimit: { maxTokens: 1_000, keepToolResults: 1 },
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(resultTexts({ messages: sent.at(-1) })).toEqual([
      ...Array<string>(rounds - 1).fill(cleared),
      'long '.repeat(400),
    ]);
    // Each request sends the messages of the one before as the same objects, but the one whose result it
    // clears (the result before the latest).
    for (const [index, messages] of sent.entries()) {
      const before = sent[index - 1] ?? [];
      const replaced = before.filter((message, at) => messages[at] !== message);
      expect(replaced.length, `request ${index + 1}`).toBeLessThanOrEqual(1);
    }
  });

  it('makes a message again when another of its results is cleared, and sends that one from then on', async () => {
    const sent: Message[][] = [];
    const calls = [['a', 'b'], ['c'], ['d'], ['e']];
    // Longer than the placeholder, so that clearing one saves room.
    const pageOf = (topic: string) => `Page ${topic}: ${'long '.repeat(100)}`;
    const model = createScriptedModel((request, index) => {
      sent.push([...request.messages]);
      const topics = calls[index];
      return topics === undefined
        ? { text: 'Read.' }
        : { toolCalls: topics.map((topic) => ({ id: topic, name: 'read', input: { topic } })) };
    });
    const read = defineTool({
      name: 'read',
      inputSchema: z.object({ topic: z.string() }),
      execute: ({ topic }) => pageOf(topic),
    });
    await runToolLoop({
      model,
      tools: [read],
      prompt: 'Read them all.',
      contextLimit: { maxTokens: 1, keepToolResults: 2 },
    }).result;

    const texts = (messages: Message[] | undefined) => resultTexts({ messages });
    expect(texts(sent[2])).toEqual([cleared, pageOf('b'), pageOf('c')]);
    expect(texts(sent[3])).toEqual([cleared, cleared, pageOf('c'), pageOf('d')]);
    expect(texts(sent[4])).toEqual([cleared, cleared, cleared, pageOf('d'), pageOf('e')]);
    // The first round's message: made again once its second result is cleared, then sent as it is.
    const firstRound = (messages: Message[] | undefined) =>
      messages?.find((message) => message.role === 'tool');
    expect(firstRound(sent[3])).not.toBe(firstRound(sent[2]));
    expect(firstRound(sent[4])).toBe(firstRound(sent[3]));
  });
});
