import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { z } from 'zod';

// A system prompt of about 9 KB, as agents' often are: the prefix caching pays for.
const system = Array.from(
  { length: 80 },
  (_, index) => `Rule ${index + 1}: answer from the handbook only, and cite the section you used.`,
).join('\n');

const searchHandbook = defineTool({
  name: 'search_handbook',
  description: 'Finds the handbook sections about a topic.',
  inputSchema: z.object({ topic: z.string() }),
  execute: ({ topic }) => `Section 4.2 covers ${topic}.`,
});

// The fake LLM speaks the Messages API and caches prompt prefixes as it does; a real key and no baseURL
// would send the same requests to Anthropic.
const fake = createFakeLlm([
  { toolCalls: [{ name: 'search_handbook', input: { topic: 'leave' } }] },
  { toolCalls: [{ name: 'search_handbook', input: { topic: 'carry-over' } }] },
  { text: 'You get 25 days of paid leave a year and may carry 5 over (section 4.2).' },
]);
const server = await fake.serve({ port: 0 });

const result = await runToolLoop({
  model: anthropic({ model: 'claude-sonnet-4-6', apiKey: 'test-key', baseURL: server.url }),
  system,
  prompt: 'How much paid leave do I get, and can I carry it over?',
  tools: [searchHandbook],
  progressivePrompt: true,
  statusMessages: 'template',
  prices: {
    'claude-sonnet-4-6': {
      inputPerMillion: 3,
      outputPerMillion: 15,
      cacheReadPerMillion: 0.3,
      cacheWritePerMillion: 3.75,
    },
  },
  onStepFinish: ({ iteration, usage }) => {
    const read = usage.cacheReadTokens ?? 0;
    const written = usage.cacheWriteTokens ?? 0;
    const share = Math.round((100 * read) / (usage.inputTokens + read + written));
    console.log(
      `request ${iteration}: ${read} tokens read from the cache (${share}%), ${written} written, ${usage.inputTokens} uncached`,
    );
  },
}).result;
await server.close();

const { inputTokens, outputTokens, cacheReadTokens = 0, cacheWriteTokens = 0 } = result.usage;
const uncachedCost = ((inputTokens + cacheReadTokens + cacheWriteTokens) * 3 + outputTokens * 15) / 1e6;
console.log(`${result.stopReason}: ${result.text}`);
console.log(`cost: $${result.cost?.total} (without caching: $${uncachedCost})`);
