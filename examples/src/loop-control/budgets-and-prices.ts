import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: () => 'a result',
});

// Any Model works here; this one reports 1,000 input and 100 output tokens per request.
const usage = { inputTokens: 1_000, outputTokens: 100 };
const model = createScriptedModel(
  [
    { toolCalls: [{ name: 'search', input: { query: 'tides' } }], usage },
    { toolCalls: [{ name: 'search', input: { query: 'moon' } }], usage },
    { text: 'The moon drives the tides.', usage },
  ],
  { modelId: 'claude-sonnet-4-6' },
);

const result = await runToolLoop({
  model,
  tools: [search],
  prompt: 'What drives the tides?',
  tokenBudget: { perTurn: 4_000, perSession: 100_000 },
  sessionTokens: 12_000,
  prices: { 'claude-sonnet-4-6': { inputPerMillion: 3, outputPerMillion: 15 } },
}).result;
console.log(`${result.stopReason}: ${result.text}`);
console.log(
  `tokens this turn: ${result.usage.inputTokens + result.usage.outputTokens}, in the session: ${result.sessionTokens}`,
);
console.log(`cost: $${result.cost?.total}`);
