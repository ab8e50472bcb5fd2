import { z } from 'zod';
import type { ToolLoopOptions } from '../../src/loop/tool-loop-options.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { createReadPage, reader, summarizer } from '../handbook.js';

/**
 * Turns that pause for approval, each with the decisions that resume it. Their paused turns were written by the
 * loop's first stored format (`version: 1`) and are kept beside this file, with the result the loop of that
 * version reached on resuming: today's loop must read them and reach the same result.
 */
export const pausedTurnV1Cases: Record<
  string,
  {
    options: () => Omit<ToolLoopOptions, 'prompt' | 'messages' | 'resume'>;
    prompt: string;
    decisions: Record<string, { approved: true } | { approved: false; reason?: string }>;
  }
> = {
  // Counts of every kind before the pause: tool calls, a failed call, a repeated call, a repeated text.
  counters: {
    options: () => {
      const lookup = defineTool({
        name: 'lookup',
        inputSchema: z.object({ orderId: z.string() }),
        execute: ({ orderId }) => {
          if (orderId === 'bad') throw new Error('no such order');
          return `Order ${orderId}: 80 EUR.`;
        },
      });
      const refund = defineTool({
        name: 'refund',
        inputSchema: z.object({ orderId: z.string(), amount: z.number() }),
        needsApproval: ({ amount }) => amount > 50,
        execute: ({ orderId, amount }) => `Refunded ${amount} for ${orderId}.`,
      });
      return {
        model: createScriptedModel([
          { text: 'Looking.', toolCalls: [{ id: 'c1', name: 'lookup', input: { orderId: 'A-1' } }] },
          { text: 'Looking.', toolCalls: [{ id: 'c2', name: 'lookup', input: { orderId: 'bad' } }] },
          {
            text: 'Refunding.',
            toolCalls: [
              { id: 'c3', name: 'refund', input: { orderId: 'A-1', amount: 80 } },
              { id: 'c4', name: 'lookup', input: { orderId: 'A-1' } },
            ],
          },
          { text: 'Looking.', toolCalls: [{ id: 'c5', name: 'lookup', input: { orderId: 'A-1' } }] },
          { text: 'Done: refunded 80 EUR.' },
        ]),
        tools: [lookup, refund],
        maxRepeatedCalls: 3,
        maxToolCalls: { perMessage: 4, perSession: 20 },
        sessionToolCalls: 2,
        sessionTokens: 100,
        maxConsecutiveErrors: 3,
        tokenBudget: { perTurn: 10_000, perSession: 50_000 },
      };
    },
    prompt: 'Refund order A-1.',
    decisions: { c3: { approved: true } },
  },
  // A denial, with structured output asked of the answer.
  denied: {
    options: () => {
      const refund = defineTool({
        name: 'refund',
        inputSchema: z.object({ amount: z.number() }),
        needsApproval: true,
        execute: ({ amount }) => `Refunded ${amount}.`,
      });
      return {
        model: createScriptedModel([
          { toolCalls: [{ id: 'r1', name: 'refund', input: { amount: 10 } }] },
          { text: '{"refunded": false}' },
        ]),
        tools: [refund],
        output: z.object({ refunded: z.boolean() }),
      };
    },
    prompt: 'Refund 10.',
    decisions: { r1: { approved: false, reason: 'Not today.' } },
  },
  // A context summary written and results cleared before the pause.
  context: {
    options: () => ({
      model: reader(6),
      tools: [createReadPage('d')],
      contextLimit: {
        maxTokens: 1_400,
        keepToolResults: 1,
        summarize: { model: summarizer('Pages a to c.') },
      },
    }),
    prompt: 'Read the handbook.',
    decisions: { 'call-4': { approved: true } },
  },
};
