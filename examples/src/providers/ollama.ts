import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { ollama } from '@toolloop/providers/ollama';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// The fake LLM answers on Ollama's own path, /api/chat, as Ollama does.
const fake = createFakeLlm([
  { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { text: 'It is 18°C and sunny in Paris.' },
]);
const server = await fake.serve({ port: 0 });

const model = ollama({ model: 'qwen3:8b', host: server.url });
const result = await runToolLoop({ model, prompt: 'Weather in Paris?', tools: [getWeather], thinking: true })
  .result;
await server.close();

// What the second request sent: the thinking went back in the assistant's message, with its tool call.
type OllamaMessage = { role: string; thinking?: string; tool_calls?: unknown[] };
const { messages, think } = fake.requests[1]?.body as { messages: OllamaMessage[]; think: boolean };
console.log(`think: ${think}`);
for (const { role, thinking, tool_calls } of messages) {
  console.log(
    `${role}${thinking === undefined ? '' : ' (thinking)'}${tool_calls === undefined ? '' : ' (tool calls)'}`,
  );
}
console.log(`${result.stopReason}: ${result.text} (${fake.violations.length} violations)`);
