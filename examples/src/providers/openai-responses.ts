import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { openaiResponses } from '@toolloop/providers/openai';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// The fake LLM answers on the Responses API's own path, and refuses what the API refuses.
const fake = createFakeLlm([
  { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);
const server = await fake.serve({ port: 0 });

const model = openaiResponses({ model: 'gpt-5.1', apiKey: 'test-key', baseURL: `${server.url}/v1` });
const result = await runToolLoop({ model, prompt: 'Weather in Paris?', tools: [getWeather], thinking: true })
  .result;
await server.close();

// What the second request sent: the reasoning item went back, before the call it led to.
const { input, store } = fake.requests[1]?.body as { input: Array<{ type?: string }>; store: boolean };
console.log(`store: ${store}; input: ${input.map((item) => item.type ?? 'message').join(', ')}`);
console.log(`${result.stopReason}: ${result.text} (${fake.violations.length} violations)`);
