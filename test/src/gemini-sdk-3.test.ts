import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { gemini } from '@toolloop/providers/gemini';
import { GoogleGenAI } from 'google-genai-3';
import { expect, it } from 'vitest';

type GeminiClient = NonNullable<Parameters<typeof gemini>[0]['client']>;
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `18°C and sunny in ${city}`,
});

// @google/genai 3 (which asks for Node 22) drives the Gemini provider as 2.x does: a two-round loop with a signed
// call sent back, no violation.
it('runs a tool loop on @google/genai 3, given as the client', async () => {
  const fake = createFakeLlm([
    { thinking: 'I need the weather first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
    { text: 'It is 18°C and sunny in Paris.' },
  ]);
  const { url } = await fake.serve();
  try {
    // The option is typed with the SDK the provider is built against; another major's client is the same at run
    // time, which is what this test proves.
    const client = new GoogleGenAI({
      apiKey: 'test-key',
      httpOptions: { baseUrl: url },
    }) as unknown as GeminiClient;
    const model = gemini({ model: 'gemini-3-flash-preview', client });
    const result = await runToolLoop({
      model,
      prompt: 'Weather in Paris?',
      tools: [getWeather],
      thinking: true,
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'It is 18°C and sunny in Paris.' });
    expect(fake.violations).toEqual([]);
    const second = fake.requests[1]?.body as {
      contents: Array<{ parts: Array<{ thoughtSignature?: string }> }>;
    };
    expect(second.contents[1]?.parts.some((part) => part.thoughtSignature !== undefined)).toBe(true);
  } finally {
    await fake.close();
  }
});
