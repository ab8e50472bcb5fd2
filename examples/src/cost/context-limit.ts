import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

// Each page is about 2,000 characters: some 500 tokens at the limit's estimate of four characters a token.
const readPage = defineTool({
  name: 'read_page',
  description: 'Reads one handbook page.',
  inputSchema: z.object({ page: z.number() }),
  execute: ({ page }) => `Page ${page}: ${'Leave is booked through the portal. '.repeat(56)}`,
});

// Any Model works here; this one reads pages 1 to 4, then answers.
const model = createScriptedModel([
  { toolCalls: [{ name: 'read_page', input: { page: 1 } }] },
  { toolCalls: [{ name: 'read_page', input: { page: 2 } }] },
  { toolCalls: [{ name: 'read_page', input: { page: 3 } }] },
  { toolCalls: [{ name: 'read_page', input: { page: 4 } }] },
  { text: 'Leave is booked through the portal.' },
]);

const run = runToolLoop({
  model,
  tools: [readPage],
  prompt: 'How do I book leave?',
  contextLimit: { maxTokens: 1_400, keepToolResults: 1 },
});
for await (const event of run) {
  if (event.type === 'warning') console.log(`${event.code}: ${event.message}`);
}
const result = await run.result;

for (const [index, request] of model.requests.entries()) {
  const results = request.messages.flatMap((message) => (message.role === 'tool' ? message.content : []));
  const shown = results.map(({ output }) => {
    const text = output.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return text.startsWith('[Cleared') ? 'cleared' : text.slice(0, 6);
  });
  console.log(`request ${index + 1}: ${shown.join(', ') || 'no tool results'}`);
}
const kept = result.messages.flatMap((message) => (message.role === 'tool' ? message.content : []));
console.log(`${result.stopReason}: ${result.text} The transcript keeps all ${kept.length} pages.`);
