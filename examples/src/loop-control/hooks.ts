import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `3 results for ${query}`,
});
const submit = defineTool({
  name: 'submit',
  inputSchema: z.object({ answer: z.string() }),
  execute: () => 'submitted',
});

// Any Model works here: anthropic({ model: 'claude-sonnet-4-6' }) from @toolloop/providers/anthropic, say.
const model = createScriptedModel([
  { toolCalls: [{ name: 'search', input: { query: 'tides' } }] },
  { toolCalls: [{ name: 'submit', input: { answer: 'The moon.' } }] },
  { text: 'Submitted: the moon drives the tides.' },
]);

const result = await runToolLoop({
  model,
  tools: [search, submit],
  prompt: 'What drives the tides?',
  // Search first; once a search has run, offer only `submit`, and say so in the system prompt.
  prepareStep: ({ toolCalls, system }) =>
    toolCalls.some((call) => call.name === 'search')
      ? { activeTools: ['submit'], system: `${system ?? ''}Submit your answer now.` }
      : { activeTools: ['search'] },
  onStepFinish: (step) => {
    console.log(
      `step ${step.iteration}: offered ${step.request.toolNames.join(', ')}; ${step.usage.outputTokens} tokens`,
    );
  },
}).result;
console.log(`${result.stopReason}: ${result.text}`);
