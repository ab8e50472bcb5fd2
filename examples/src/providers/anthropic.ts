import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// The fake LLM answers on the Messages API's own path, and refuses what the API refuses.
const fake = createFakeLlm([
  { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);
const server = await fake.serve({ port: 0 });

const model = anthropic({ model: 'claude-sonnet-4-6', apiKey: 'test-key', baseURL: server.url });
const result = await runToolLoop({ model, prompt: 'Weather in Paris?', tools: [getWeather], thinking: true })
  .result;
await server.close();

// What the second request sent: the signed thinking block went back, before the call it led to.
const { messages } = fake.requests[1]?.body as { messages: Array<{ role: string; content: unknown }> };
for (const { role, content } of messages) {
  const blocks = Array.isArray(content) ? content.map((block: { type: string }) => block.type) : ['text'];
  console.log(`${role}: ${blocks.join(', ')}`);
}
console.log(`${result.stopReason}: ${result.text} (${fake.violations.length} violations)`);
