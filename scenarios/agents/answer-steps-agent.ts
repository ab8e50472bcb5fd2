import { defineTool, type StepInfo } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

/** What onStepFinish was told in this turn so far, step by step. */
let steps: StepInfo[] = [];

/** The forecast of a city. */
const getForecast = defineTool({
  name: 'get_forecast',
  description: 'Today’s forecast for a city.',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: 21 °C and sunny.`,
});

/** Reads back the steps of this turn so far: each one's iteration, round and tool calls. */
const stepLog = defineTool({
  name: 'step_log',
  description: 'The steps of this turn so far.',
  inputSchema: z.object({}),
  execute: () =>
    JSON.stringify(
      steps.map(({ iteration, round, toolCalls }) => ({
        iteration,
        round,
        toolCalls: toolCalls.map((call) => `${call.name}:${call.executed ? 'ran' : 'not run'}`),
      })),
    ),
});

/**
 * A weather assistant whose answers are data (`output`, an object with the answer), with onStepFinish keeping
 * each step (readable through step_log). On a model without native structured output the answer goes through
 * the final_answer tool.
 */
export default defineAgent({
  system: 'You answer questions about the weather.',
  tools: [getForecast, stepLog],
  loop: {
    output: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    onStepFinish: (step) => {
      if (step.iteration === 1) steps = [];
      steps.push(step);
    },
  },
});
