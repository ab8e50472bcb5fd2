import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { bedrock } from '@toolloop/providers/bedrock';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// The fake LLM answers on Bedrock's own path, and refuses what the API refuses.
const fake = createFakeLlm([
  { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);
const server = await fake.serve({ port: 0 });

const model = bedrock({
  model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  region: 'us-east-1',
  // The fake checks that a request is signed, not with what; a real run takes the AWS credential chain's.
  credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' },
  endpoint: server.url,
});
const result = await runToolLoop({ model, prompt: 'Weather in Paris?', tools: [getWeather], thinking: true })
  .result;
await server.close();

// What the second request sent: the reasoning went back with its signature, before the call it led to.
const { messages } = fake.requests[1]?.body as { messages: Array<{ role: string; content: object[] }> };
for (const { role, content } of messages)
  console.log(`${role}: ${content.map((block) => Object.keys(block)[0]).join(', ')}`);
console.log(`${result.stopReason}: ${result.text} (${fake.violations.length} violations)`);
