import { defineTool, type StepInfo } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

const prices: Record<string, string> = { tea: '4 EUR', cake: '6 EUR', jam: 'SOLD OUT' };

/** What onStepFinish was told in this turn so far, step by step. */
let steps: StepInfo[] = [];

/** Looks up the price of an item. */
const lookupPrice = defineTool({
  name: 'lookup_price',
  description: 'The price of an item of the shop.',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `${item}: ${prices[item] ?? 'not sold here'}`,
});

/** Reads back the steps of this turn so far, so that a scenario can check what onStepFinish reported. */
const stepLog = defineTool({
  name: 'step_log',
  description: 'The steps of this turn so far.',
  inputSchema: z.object({}),
  execute: () =>
    JSON.stringify(
      steps.map(({ iteration, round, request, response, usage, toolCalls }) => ({
        iteration,
        round,
        request,
        response,
        usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
        toolCalls: toolCalls.map((call) => `${call.name}:${call.executed ? 'ran' : 'not run'}`),
      })),
    ),
});

/**
 * A shop assistant with every loop hook: onStepFinish keeps each step (readable through step_log);
 * prepareStep narrows the tools to lookup_price once two rounds are done and says so in the system prompt;
 * stopWhen ends the turn at a sold-out item (its own stop reason, with a sentence), or asks for an answer after
 * four rounds.
 */
export default defineAgent({
  system: 'You answer questions about the shop’s prices.',
  tools: [lookupPrice, stepLog],
  loop: {
    onStepFinish: (step) => {
      if (step.iteration === 1) steps = [];
      steps.push(step);
    },
    prepareStep: ({ rounds, system }) =>
      rounds >= 2
        ? { activeTools: ['lookup_price'], system: `${system ?? ''}\nOnly prices now.` }
        : undefined,
    stopWhen: [
      ({ toolCalls }) =>
        toolCalls.some((call) =>
          call.output.content.some((block) => block.type === 'text' && block.text.endsWith('SOLD OUT')),
        ) && { reason: 'sold_out', detail: 'an item the customer asked for is sold out' },
      ({ rounds }) => rounds >= 4 && { reason: 'enough_lookups', answer: true },
    ],
  },
});
