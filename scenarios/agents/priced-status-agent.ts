import { defineTool, runToolLoop, type Model, type ToolLoopRun } from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
import { z } from 'zod';

const getOrder = defineTool({
  name: 'get_order',
  description: 'Where an order is.',
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => {
    // Long enough for the status sentence to arrive while the call runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return `Order ${id} shipped on Monday.`;
  },
});

/** The scenario's model under another id: the app's cheaper model for status sentences, talking to the same fake. */
function asStatusModel(model: Model): Model {
  return {
    provider: model.provider,
    modelId: 'status-sentences-mini',
    stream: (request) => model.stream(request),
  };
}

/**
 * An order assistant whose status sentences come from a model of their own (statusModel), and whose prices name
 * only the main model: a turn whose status sentences cost tokens has no cost (it would look smaller than it is).
 */
export function startPricedTurn({ model, tools, messages, signal }: AgentRunContext): ToolLoopRun {
  return runToolLoop({
    model,
    // No statusMessages: a status model of its own turns status sentences on (generated).
    statusModel: asStatusModel(model),
    prices: { [model.modelId]: { inputPerMillion: 1, outputPerMillion: 5 } },
    tools: [getOrder, ...tools],
    messages,
    signal,
    system: 'You answer questions about orders.',
  });
}

export default defineAgent({ run: startPricedTurn });
