import { defineTool, runToolLoop, type StepInfo } from '@toolloop/core';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { openaiCompatible } from '@toolloop/providers/openai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

let fake: FakeLlm | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// An agent's system prompt of some length (about 2300 of the fake's estimated tokens), as real ones are: the
// prefix prompt caching pays for.
const system = Array.from(
  { length: 80 },
  (_, index) =>
    `Rule ${index + 1}: answer from the handbook only, cite its section, and say so when it is silent on a question.`,
).join('\n');

const searchHandbook = defineTool({
  name: 'search_handbook',
  description: 'Finds the handbook sections about a topic.',
  inputSchema: z.object({ topic: z.string() }),
  execute: ({ topic }) => `Section 4.2 covers ${topic}.`,
});

const readSection = defineTool({
  name: 'read_section',
  description: 'Reads one handbook section.',
  inputSchema: z.object({ section: z.string() }),
  execute: ({ section }) => `Section ${section}: 25 days of paid leave a year, 5 of them carried over.`,
});

/** Three tool rounds, then an answer the model gives on its own (no cap, so every request may call tools). */
const steps: LlmStep[] = [
  { thinking: 'Search first.', toolCalls: [{ name: 'search_handbook', input: { topic: 'leave' } }] },
  { thinking: 'Read it.', toolCalls: [{ name: 'read_section', input: { section: '4.2' } }] },
  { toolCalls: [{ name: 'search_handbook', input: { topic: 'carry-over' } }] },
  { text: 'You get 25 days of paid leave a year and may carry 5 over (section 4.2).' },
];

const roundLines = [
  '[Round 1] If a tool is relevant to the request, call it.',
  '[Round 2] You may call one more tool if you still need information, or give your final answer.',
  '[Round 3] You may call one more tool if you still need information, or give your final answer.',
  '[Round 4] You may call one more tool if you still need information, or give your final answer.',
];

interface Block {
  type: string;
  text?: string;
  cache_control?: unknown;
}

/** Where a Messages API body carries `cache_control`, as `tools.N`, `system.N`, `messages.N.content.M`. */
function breakpointsOf(body: {
  tools: Block[];
  system: Block[];
  messages: Array<{ content: Block[] }>;
}): string[] {
  return [
    ...body.tools.flatMap((tool, index) => ('cache_control' in tool ? [`tools.${index}`] : [])),
    ...body.system.flatMap((block, index) => ('cache_control' in block ? [`system.${index}`] : [])),
    ...body.messages.flatMap((message, messageIndex) =>
      message.content.flatMap((block, index) =>
        'cache_control' in block ? [`messages.${messageIndex}.content.${index}`] : [],
      ),
    ),
  ];
}

describe('prompt caching over a multi-round turn with the progressive prompt', () => {
  it('Anthropic: breakpoints on every request, and each request after the first reads at least 90% of its input from the cache', async () => {
    fake = createFakeLlm({ name: 'prompt caching', steps });
    fake.listen();
    const usages: StepInfo['usage'][] = [];
    const result = await runToolLoop({
      model: anthropic({
        model: 'claude-sonnet-4-6',
        apiKey: 'test-key',
        baseURL: 'https://fake-llm.test',
        maxRetries: 0,
      }),
      system,
      prompt: 'How much paid leave do I get, and can I carry it over?',
      tools: [searchHandbook, readSection],
      thinking: { effort: 'low' },
      maxRounds: 4,
      progressivePrompt: true,
      statusMessages: 'off',
      onStepFinish: (step) => {
        usages.push(step.usage);
      },
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(fake.violations).toEqual([]);
    const bodies = fake.requests.map(
      (request) => request.body as Parameters<typeof breakpointsOf>[0] & { system: Block[] },
    );
    // (a) The last tool, the system prompt without the round's line, the previous request's end (the tool
    // results it sent) and this request's end; the round's line last, after every breakpoint.
    expect(bodies.map(breakpointsOf)).toEqual([
      ['tools.1', 'system.0', 'messages.0.content.0'],
      ['tools.1', 'system.0', 'messages.0.content.0', 'messages.2.content.0'],
      ['tools.1', 'system.0', 'messages.2.content.0', 'messages.4.content.0'],
      ['tools.1', 'system.0', 'messages.4.content.0', 'messages.6.content.0'],
    ]);
    expect(bodies.map((body) => body.system)).toEqual(
      bodies.map(() => [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }]),
    );
    expect(bodies.map((body) => body.messages.at(-1)?.content.at(-1))).toEqual(
      roundLines.map((text) => ({ type: 'text', text })),
    );
    // (b) From the fake's usage, as the provider reports it.
    const readShares = usages.map(
      (usage) =>
        (usage.cacheReadTokens ?? 0) /
        (usage.inputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)),
    );
    expect(readShares[0]).toBe(0);
    for (const share of readShares.slice(1)) expect(share).toBeGreaterThanOrEqual(0.9);
    // The turn paid the system prompt's full price once: later requests read it.
    expect(usages.map((usage) => (usage.cacheWriteTokens ?? 0) > 2000)).toEqual([true, false, false, false]);
  });

  it('OpenAI-compatible: every request begins with the bytes of the one before it, up to its round’s line', async () => {
    fake = createFakeLlm({ name: 'prefix bytes', steps, dialect: 'openai' });
    fake.listen();
    const bodies: string[] = [];
    const client = new OpenAI({
      apiKey: 'test-key',
      baseURL: 'https://fake-llm.test/v1',
      maxRetries: 0,
      fetch: (url, init) => {
        // The SDK sends its JSON as a string: the bytes on the wire.
        bodies.push(typeof init?.body === 'string' ? init.body : '');
        return fetch(url, init);
      },
    });
    const result = await runToolLoop({
      model: openaiCompatible({ baseURL: 'https://fake-llm.test/v1', model: 'gpt-5-mini', client }),
      system,
      prompt: 'How much paid leave do I get, and can I carry it over?',
      tools: [searchHandbook, readSection],
      maxRounds: 4,
      progressivePrompt: true,
      statusMessages: 'off',
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(fake.violations).toEqual([]);
    const parsed = bodies.map(
      (body) => JSON.parse(body) as { messages: Array<{ role: string; content: unknown }> },
    );
    expect(parsed.map((body) => body.messages[0])).toEqual(
      parsed.map(() => ({ role: 'system', content: system })),
    );
    expect(parsed.map((body) => body.messages.at(-1))).toEqual(
      roundLines.map((content) => ({ role: 'system', content })),
    );
    // (c) Request k + 1 repeats request k byte for byte up to where k's round line began.
    for (const [index, body] of bodies.slice(0, -1).entries()) {
      const roundLineStart = body.lastIndexOf(',{"role":"system"');
      expect(roundLineStart).toBeGreaterThan(system.length);
      expect(bodies[index + 1]?.startsWith(body.slice(0, roundLineStart))).toBe(true);
    }
  });
});
