import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createToolOutput } from '../tools/to-tool-output.js';
import { defineTool } from '../tools/define-tool.js';
import { runToolLoop } from './run-tool-loop.js';

/** Returns one block of every kind a tool output can hold. */
const fetchAll = defineTool({
  name: 'fetch',
  inputSchema: z.object({}),
  execute: () =>
    createToolOutput({
      content: [
        { type: 'text', text: 'abcd' },
        { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'resource', uri: 'file:///a', text: 'res text' },
        { type: 'resource', uri: 'file:///b', blob: 'AAAA', mediaType: 'application/pdf' },
        { type: 'resource', uri: 'file:///c' },
        { type: 'resource', uri: 'file:///d', blob: 'BBBB', mediaType: 'image/png' },
        { type: 'resource-link', uri: 'https://x.test/link', name: 'link', description: 'a link' },
        { type: 'resource-link', uri: 'https://x.test/bare' },
      ],
    }),
});

/** Returns structured content only. */
const balance = defineTool({
  name: 'balance',
  inputSchema: z.object({}),
  execute: () => createToolOutput({ content: [], structuredContent: { days: 25 } }),
});

/** Returns text and structured content that says less: the model reads the text. */
const both = defineTool({
  name: 'both',
  inputSchema: z.object({}),
  execute: () =>
    createToolOutput({
      content: [{ type: 'text', text: '25 days of leave left' }],
      structuredContent: { days: 25 },
    }),
});

/** Returns nothing at all. */
const empty = defineTool({
  name: 'empty',
  inputSchema: z.object({}),
  execute: () => createToolOutput({ content: [] }),
});

/** Fails, as a result the model reads. */
const broken = defineTool({
  name: 'broken',
  inputSchema: z.object({}),
  execute: () => createToolOutput({ content: [{ type: 'text', text: 'no' }], isError: true }),
});

/** Round 1: redacted thinking, a text and five calls; round 2: one call; then the answer. */
function model() {
  return createScriptedModel([
    {
      redactedThinking: 'RRRR',
      text: 'Looking.',
      toolCalls: [
        { id: 'c1', name: 'fetch', input: {} },
        { id: 'c2', name: 'balance', input: {} },
        { id: 'c3', name: 'broken', input: {} },
        { id: 'c5', name: 'both', input: {} },
        { id: 'c6', name: 'empty', input: {} },
      ],
    },
    { toolCalls: [{ id: 'c4', name: 'balance', input: {} }] },
    { text: 'Done.' },
  ]);
}

describe('contextLimit: what is estimated and summarized of each kind of content', () => {
  it('counts four characters a token of what the model reads, 1,600 tokens an image, and renders each block for the summary', async () => {
    const summary = createScriptedModel([{ text: 'All fetched.' }], { modelId: 'summary-model' });
    const { result, events } = await collectRun(
      runToolLoop({
        model: model(),
        tools: [fetchAll, balance, broken, both, empty],
        prompt: 'Read everything.',
        contextLimit: { maxTokens: 100, keepToolResults: 1, summarize: { model: summary } },
      }),
    );
    expect(result.stopReason).toBe('completed');

    const image = 1_600 * 4;
    const characters =
      'Read everything.'.length +
      // The first response: its redacted thinking, text, and each call's name and JSON input.
      'RRRR'.length +
      'Looking.'.length +
      'fetch{}'.length +
      'balance{}'.length +
      'broken{}'.length +
      'both{}'.length +
      'empty{}'.length +
      // fetch: the text, the image, a resource's text and URI, a blob resource as an image with its URI, a
      // resource with neither (its URI only), a link's URI, name and description, a bare link's URI.
      'abcd'.length +
      image +
      'res text'.length +
      'file:///a'.length +
      image +
      'file:///b'.length +
      'file:///c'.length +
      image +
      'file:///d'.length +
      'https://x.test/link'.length +
      'link'.length +
      'a link'.length +
      'https://x.test/bare'.length +
      // balance: its structured content as JSON; broken: its text; both: its text only; empty: nothing.
      '{"days":25}'.length +
      'no'.length +
      '25 days of leave left'.length +
      // The second round: the call and its structured result.
      'balance{}'.length +
      '{"days":25}'.length;
    const warnings = events.filter((event) => event.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'context_summarized' });
    expect(warnings[0]?.type === 'warning' ? warnings[0].message : '').toMatch(
      new RegExp(
        `^The conversation was about ${Math.ceil(characters / 4)} tokens, past contextLimit\\.maxTokens \\(100\\)`,
      ),
    );

    // The summary request's transcript: the user's words, the assistant's text and calls, and each result as text.
    expect(summary.requests[0]?.messages).toEqual([
      {
        role: 'user',
        content: [
          'User: Read everything.',
          'Assistant: Looking.',
          'Assistant called fetch with {}',
          'Assistant called balance with {}',
          'Assistant called broken with {}',
          'Assistant called both with {}',
          'Assistant called empty with {}',
          'fetch returned: abcd\n[an image]\nres text\n[file:///b]\n[file:///c]\n[file:///d]\n[https://x.test/link]\n[https://x.test/bare]',
          'balance returned: {"days":25}',
          'broken failed: no',
          'both returned: 25 days of leave left',
          'empty returned: ',
        ].join('\n\n'),
      },
    ]);
  });
});
