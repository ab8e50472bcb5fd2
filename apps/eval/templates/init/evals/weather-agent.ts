import { defineTool } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

const forecasts: Record<string, { forecast: string; celsius: number }> = {
  Paris: { forecast: 'sunny', celsius: 18 },
  Rome: { forecast: 'rain', celsius: 14 },
};

/** A local tool: in your project, the code your assistant already calls. It really runs in the scenarios. */
export const getWeather = defineTool({
  name: 'get_weather',
  description: "Today's forecast and temperature (°C) in a city.",
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => {
    const weather = forecasts[city];
    // A throw is a tool error: the model gets it as the call's result, and the turn goes on.
    if (weather === undefined) throw new Error(`No forecast for ${city}.`);
    return { city, ...weather };
  },
});

/**
 * The assistant under test: its system prompt, its tools and its limits. The scenarios beside this file run it
 * against a fake LLM that answers from their script, so no API key is needed and no real model is called.
 */
export default defineAgent({
  system: 'You are a travel assistant. Look the weather up with get_weather before you talk about it.',
  tools: [getWeather],
  loop: { maxRounds: 2 },
});
