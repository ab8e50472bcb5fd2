import { defineTool } from '@toolloop/core';
import { defineAgent } from '@toolloop/eval';
import { z } from 'zod';

const stock: Record<string, number> = { tea: 12, cake: 0 };

/** How many of an item are in stock. */
const checkStock = defineTool({
  name: 'check_stock',
  description: 'How many of an item are in stock.',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `${item}: ${stock[item] ?? 0} in stock`,
});

/** A web search, which the agent never lets the first request use. */
const webSearch = defineTool({
  name: 'web_search',
  description: 'Searches the web.',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `No results for ${query}.`,
});

/**
 * A shop assistant whose requests say the model may choose (tool choice `auto`), but whose prepareStep makes
 * the first request of a turn call check_stock (tool choice `tool`), and offers only check_stock after it; it
 * may give up (explicitStop), whatever prepareStep offers.
 */
export default defineAgent({
  system: 'You answer questions about the shop’s stock.',
  tools: [checkStock, webSearch],
  loop: {
    statusMessages: 'off',
    toolChoice: { type: 'auto' },
    explicitStop: true,
    prepareStep: ({ rounds }) =>
      rounds === 0 ? { toolChoice: { type: 'tool', name: 'check_stock' } } : { activeTools: ['check_stock'] },
  },
});
