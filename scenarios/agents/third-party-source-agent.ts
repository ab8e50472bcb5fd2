import {
  defineTool,
  runToolLoop,
  type Message,
  type ToolLoopOptions,
  type ToolLoopRun,
} from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
import { z } from 'zod';
import {
  answerCarelessly,
  answerNever,
  carelessTools,
  checkStock,
  createServiceSource,
  listForever,
} from './third-party-sources.js';

/** The shop's own local tool, offered beside the third-party sources. */
const lookupPrice = defineTool({
  name: 'lookup_price',
  description: 'The price of an item of the shop.',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `${item}: 4 EUR`,
});

/** A tool class listed where its definition belongs: it has a name and an inputSchema, but is no object. */
class ReorderTool {
  static description = 'Orders more of an item.';
  static inputSchema = { type: 'object' };

  execute(): string {
    return 'Ordered.';
  }
}

const warehouse = createServiceSource({ name: 'warehouse', list: carelessTools, answer: answerCarelessly });

/** The tools and loop options of one situation. */
type Situation = Pick<
  ToolLoopOptions,
  'toolSourceError' | 'timeoutMs' | 'toolConcurrency' | 'maxConsecutiveErrors'
> & {
  tools: NonNullable<ToolLoopOptions['tools']>;
};

/** Each situation, named by the user's message of the turn. */
const situations: Record<string, Situation> = {
  'the inventory service is down': {
    tools: [
      lookupPrice,
      createServiceSource({
        name: 'inventory',
        list: () => Promise.reject(new Error('the inventory service answered 503')),
      }),
    ],
  },
  'the listing throws before it starts': {
    tools: [
      lookupPrice,
      createServiceSource({
        list: () => {
          throw new Error('the catalogue client is not configured');
        },
      }),
    ],
  },
  'the listing is an MCP result': {
    tools: [lookupPrice, createServiceSource({ name: 'inventory', list: { tools: [checkStock] } })],
  },
  'a tool named twice': {
    toolSourceError: 'skip',
    tools: [
      lookupPrice,
      createServiceSource({ name: 'inventory', list: [checkStock, { ...checkStock, name: 'lookup_price' }] }),
    ],
  },
  'skip the sources that cannot list': {
    toolSourceError: 'skip',
    tools: [
      lookupPrice,
      createServiceSource({ name: 'inventory', list: [checkStock] }),
      createServiceSource({
        name: 'pricing',
        list: () => Promise.reject(new Error('the pricing service answered 503. Try again in a minute.')),
      }),
      createServiceSource({ name: '', list: [{ ...checkStock, name: 'check_shelf' }, null] }),
      createServiceSource({ list: [{ ...checkStock, name: 42 }] }),
      createServiceSource({ name: 'catalog', list: [{ name: 'find_item' }] }),
      createServiceSource({ name: 'suppliers', list: [{ name: 'find_supplier', inputSchema: null }] }),
      createServiceSource({ name: 'plugins', list: [ReorderTool] }),
      createServiceSource({ name: 'orders', list: { tools: [{ ...checkStock, name: 'find_order' }] } }),
    ],
  },
  'the listing outlasts the turn': {
    toolSourceError: 'skip',
    timeoutMs: 300,
    tools: [lookupPrice, createServiceSource({ name: 'inventory', list: listForever })],
  },
  'answer with what you have': {
    tools: [lookupPrice, warehouse],
    toolConcurrency: 1,
    maxConsecutiveErrors: 20,
  },
  'one call at a time': {
    tools: [lookupPrice, warehouse],
    toolConcurrency: 1,
    maxConsecutiveErrors: 2,
  },
  'a call outlasts the turn': {
    tools: [lookupPrice, createServiceSource({ name: 'warehouse', list: [checkStock], answer: answerNever })],
    timeoutMs: 300,
  },
};

/** The text of the user's last message, which names the situation of the turn. */
function lastUserText(messages: readonly Message[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

/**
 * A shop assistant that takes its tools from third-party services through tool sources of its own, beside its
 * local lookup_price tool. Each turn's message names the situation: a service whose listing fails or is
 * malformed, or whose calls answer with something that is not a tool output.
 */
export function startShopTurn({ model, tools, messages, signal }: AgentRunContext): ToolLoopRun {
  const situation = situations[lastUserText(messages)];
  if (situation === undefined) throw new Error(`No situation is named '${lastUserText(messages)}'.`);
  return runToolLoop({
    ...situation,
    model,
    tools: [...situation.tools, ...tools],
    messages,
    signal,
    system: 'You answer questions about the shop’s stock and prices.',
  });
}

export default defineAgent({ run: startShopTurn });
