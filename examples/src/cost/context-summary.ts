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
// The summaries may come from a smaller model; without `model`, the turn's own writes them.
const summaryModel = createScriptedModel([
  { text: 'The user asked how to book leave. Pages 1 and 2: through the portal.' },
]);

const run = runToolLoop({
  model,
  tools: [readPage],
  prompt: 'How do I book leave?',
  contextLimit: { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summaryModel } },
});
for await (const event of run) {
  if (event.type === 'warning') console.log(`${event.code}: ${event.message}`);
}
const result = await run.result;

for (const [index, request] of model.requests.entries()) {
  const shown = request.messages.map((message) =>
    typeof message.content === 'string'
      ? message.content.split('\n')[0]
      : message.content.map((part) => (part.type === 'tool-result' ? 'a page' : part.type)).join(', '),
  );
  console.log(`request ${index + 1}: ${shown.join(' | ')}`);
}
console.log(
  `${result.stopReason}: ${result.text} The transcript keeps all ${result.messages.length} messages.`,
);
