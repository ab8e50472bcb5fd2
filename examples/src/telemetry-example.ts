import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

// Your app's tracing setup; an OTLP exporter to your collector in production.
const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);

const getWeather = defineTool({
  name: 'get_weather',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// Any Model works here.
const model = createScriptedModel([
  {
    toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
    usage: { inputTokens: 120, outputTokens: 20 },
  },
  { text: 'It is 18°C and sunny in Paris.', usage: { inputTokens: 160, outputTokens: 12 } },
]);

// With @opentelemetry/api installed, every turn is traced; `telemetry` tunes it (or turns it off).
await runToolLoop({
  model,
  tools: [getWeather],
  prompt: 'Weather in Paris?',
  telemetry: { agentName: 'weather' },
}).result;

for (const span of exporter.getFinishedSpans()) {
  const tokens = span.attributes['gen_ai.usage.input_tokens'];
  console.log(`${span.name}${tokens === undefined ? '' : ` (${String(tokens)} input tokens)`}`);
}
trace.disable();
