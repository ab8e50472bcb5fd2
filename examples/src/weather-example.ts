import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// Any Model works here: anthropic({ model: 'claude-sonnet-4-6' }) from @toolloop/providers/anthropic, say.
const model = createScriptedModel([
  { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);

const run = runToolLoop({ model, tools: [getWeather], prompt: 'Weather in Paris?', maxRounds: 2 });
for await (const event of run) {
  if (event.type === 'status') console.log(`[${event.message}]`);
  if (event.type === 'content') process.stdout.write(event.text);
}
const { stopReason, rounds } = await run.result;
console.log(`\nstopped: ${stopReason} after ${rounds} round(s)`);
