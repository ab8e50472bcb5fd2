import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { gemini } from '@toolloop/providers/gemini';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// The fake LLM answers on Gemini's own path, and refuses what the API refuses.
const fake = createFakeLlm([
  { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);
const server = await fake.serve({ port: 0 });

const model = gemini({ model: 'gemini-3-pro-preview', apiKey: 'test-key', baseURL: server.url });
const result = await runToolLoop({ model, prompt: 'Weather in Paris?', tools: [getWeather], thinking: true })
  .result;
await server.close();

// What the second request sent: the model's call went back with the thought signature it came with.
type Part = { text?: string; thought?: boolean; functionCall?: unknown; thoughtSignature?: string };
const { contents } = fake.requests[1]?.body as { contents: Array<{ role: string; parts: Part[] }> };
for (const { role, parts } of contents) {
  const kinds = parts.map((part) =>
    [
      part.thought === true
        ? 'thought'
        : part.functionCall !== undefined
          ? 'functionCall'
          : Object.keys(part)[0],
      ...(part.thoughtSignature === undefined ? [] : ['(signed)']),
    ].join(' '),
  );
  console.log(`${role}: ${kinds.join(', ')}`);
}
console.log(`${result.stopReason}: ${result.text} (${fake.violations.length} violations)`);
