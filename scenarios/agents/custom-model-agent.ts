import {
  defineTool,
  runToolLoop,
  type Message,
  type Model,
  type ModelRequest,
  type ModelStreamPart,
  type ToolLoopRun,
} from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
import { z } from 'zod';

/** Looks up the price of an item. */
const lookupPrice = defineTool({
  name: 'lookup_price',
  description: 'The price of an item of the shop.',
  inputSchema: z.object({ item: z.string() }),
  execute: ({ item }) => `${item}: 4 EUR`,
});

/** What an adapter does to the stream of the model it wraps, part by part. */
type Adapt = (parts: AsyncIterable<ModelStreamPart>) => AsyncIterable<unknown>;

/** The adapters, each named by the user's message of the turn it runs in. */
const adapters: Record<string, Adapt> = {
  /** An adapter over an API that answers in whole blocks: it passes no deltas on. */
  'whole blocks only': async function* (parts) {
    for await (const part of parts) {
      if (part.type !== 'text-delta' && part.type !== 'thinking-delta') yield part;
    }
  },
  /** An adapter that adds a thinking block and a text block of its own, whole, after the model's. */
  'a note of its own': async function* (parts) {
    for await (const part of parts) {
      if (part.type === 'finish') {
        yield { type: 'thinking', text: ' Prices include VAT.' };
        yield { type: 'text', text: ' (Prices include VAT.)' };
      }
      yield part;
    }
  },
  /**
   * An adapter over an API that answers in whole blocks but opens each response with an empty chunk, which it
   * relays as an empty delta of each kind.
   */
  'empty deltas, then whole blocks': async function* (parts) {
    yield { type: 'thinking-delta', text: '' };
    yield { type: 'text-delta', text: '' };
    for await (const part of parts) {
      if (part.type !== 'text-delta' && part.type !== 'thinking-delta') yield part;
    }
  },
  /** An adapter written for another SDK's shape: its text deltas carry `delta`, not `text`. */
  'deltas in another shape': async function* (parts) {
    for await (const part of parts) {
      yield part.type === 'text-delta' ? { type: 'text-delta', delta: part.text } : part;
    }
  },
  /** An adapter that passes on a part type of its own (a source citation) after the first text delta. */
  'a part of its own type': async function* (parts) {
    for await (const part of parts) {
      yield part;
      if (part.type === 'text-delta') yield { type: 'source', url: 'https://shop.example/prices' };
    }
  },
  /** An adapter that forgets to pass the finish part on. */
  'no finish part': async function* (parts) {
    for await (const part of parts) {
      if (part.type !== 'finish') yield part;
    }
  },
  /**
   * An adapter over a chat completions server that ends a response with a finish reason of its own, `paused`,
   * while a long step of its own runs: it passes that on as a pause, to be continued.
   */
  'a pause of the server': async function* (parts) {
    for await (const part of parts) {
      yield part.type === 'finish' && part.rawFinishReason === 'paused'
        ? { ...part, finishReason: 'pause' }
        : part;
    }
  },
  /** An adapter whose connection drops after the first text delta. */
  'the stream breaks': async function* (parts) {
    for await (const part of parts) {
      yield part;
      if (part.type === 'text-delta') throw new Error('the proxy closed the connection');
    }
  },
};

/** The text of the user's last message, which names the adapter of the turn. */
function lastUserText(messages: readonly Message[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

/** The model, with its stream passed through `adapt`: what a user's own model adapter does. */
function adaptModel(model: Model, adapt: Adapt): Model {
  return {
    provider: model.provider,
    modelId: model.modelId,
    stream: (request: ModelRequest) => adapt(model.stream(request)) as AsyncIterable<ModelStreamPart>,
  };
}

/**
 * A shop assistant whose app puts its own adapter between the loop and the model: the scenario's model, its
 * stream changed as the turn's message names. Each turn starts a conversation of its own.
 */
export function startAdaptedTurn({ model, tools, messages, signal }: AgentRunContext): ToolLoopRun {
  const user = lastUserText(messages);
  const adapt = adapters[user];
  if (adapt === undefined) throw new Error(`No adapter is named '${user}'.`);
  return runToolLoop({
    model: adaptModel(model, adapt),
    tools: [lookupPrice, ...tools],
    messages: [{ role: 'user', content: user }],
    signal,
    system: 'You answer questions about prices.',
  });
}

export default defineAgent({ run: startAdaptedTurn });
