import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { openai } from '@toolloop/providers/openai';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// The fake LLM answers on chat completions' own path, and refuses what the API refuses.
const fake = createFakeLlm([
  { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);
const server = await fake.serve({ port: 0 });

const model = openai({ model: 'gpt-5.1', apiKey: 'test-key', baseURL: `${server.url}/v1` });
const result = await runToolLoop({
  model,
  prompt: 'Weather in Paris?',
  tools: [getWeather],
  thinking: { effort: 'low' },
}).result;
await server.close();

// What the second request sent: chat completions carry no reasoning, so only the call and its result go back.
const { messages, reasoning_effort } = fake.requests[1]?.body as {
  messages: Array<{ role: string; tool_calls?: unknown[] }>;
  reasoning_effort: string;
};
console.log(`reasoning_effort: ${reasoning_effort}`);
console.log(messages.map(({ role, tool_calls }) => (tool_calls ? `${role} (tool calls)` : role)).join(', '));
console.log(`${result.stopReason}: ${result.text} (${fake.violations.length} violations)`);
