import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { z } from 'zod';

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

// The fake LLM serves message threads as the Messages API does, and counts the bytes they saved.
const fake = createFakeLlm([
  { toolCalls: [{ name: 'search_handbook', input: { topic: 'leave' } }] },
  { toolCalls: [{ name: 'search_handbook', input: { topic: 'carry-over' } }] },
  { toolCalls: [{ name: 'search_handbook', input: { topic: 'public holidays' } }] },
  { text: 'You get 25 days of paid leave a year and may carry 5 over (section 4.2).' },
]);
const server = await fake.serve({ port: 0 });

const result = await runToolLoop({
  model: anthropic({ model: 'claude-sonnet-4-6', apiKey: 'test-key', baseURL: server.url, threads: true }),
  system,
  prompt: 'How much paid leave do I get, and can I carry it over?',
  tools: [searchHandbook],
  progressivePrompt: true,
}).result;
await server.close();

for (const { index, body, bodyBytes } of fake.requests) {
  const { thread, messages } = body as { thread: { type: string }; messages: unknown[] };
  console.log(`request ${index + 1}: ${thread.type}, ${messages.length} message(s), ${bodyBytes} bytes`);
}
const { bytesSent, fullReplayBytes } = fake.threadBytes;
console.log(`${result.stopReason}: ${result.text}`);
console.log(`sent ${bytesSent} bytes; without threads: ${fullReplayBytes}`);
