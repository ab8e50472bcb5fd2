import { defineTool, type Tool } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentTools } from './create-agent-tools.js';

const refund = defineTool({
  name: 'refund',
  description: 'Pays money back.',
  inputSchema: z.object({ amount: z.number() }),
  execute: () => {
    throw new Error('would have paid');
  },
});

function start(mockTools: Parameters<typeof createAgentTools>[0]['mockTools'] = {}) {
  return createAgentTools({
    tools: [refund],
    mockTools,
    samplingModel: createScriptedModel({ text: 'unused' }),
    onElicitation: () => ({ action: 'cancel' }),
    cwd: '/',
  });
}

function call(tool: unknown, toolCallId: string, input: unknown) {
  return (tool as Tool<unknown>).execute(input, { signal: new AbortController().signal, toolCallId });
}

describe('createAgentTools', () => {
  it('answers a mocked tool from its responses, keeping its definition and validation', async () => {
    const agentTools = await start({ refund: { responses: [{ text: 'refunded' }] } });
    try {
      const [tool] = agentTools.tools as Array<Tool<unknown>>;

      expect(tool).toMatchObject({
        name: 'refund',
        description: 'Pays money back.',
        inputSchema: refund.inputSchema,
      });
      expect(await tool?.validateInput({ amount: 'ten' })).toMatchObject({ success: false });
      expect(await call(tool, 'c1', { amount: 10 })).toEqual({
        content: [{ type: 'text', text: 'refunded' }],
      });
    } finally {
      await agentTools.close();
    }
  });

  it('stops the mock server on close: a later call fails', async () => {
    const agentTools = await start({ refund: { responses: [{ text: 'refunded' }] } });
    await agentTools.close();

    await expect(call(agentTools.tools[0], 'c1', { amount: 10 })).rejects.toThrow();
  });

  it('runs a tool that is not mocked; its error goes on unchanged (where it threw: test/agents.test.ts)', async () => {
    const agentTools = await start();

    await expect(call(agentTools.tools[0], 'c7', { amount: 10 })).rejects.toThrow('would have paid');
  });
  it("keeps a tool's approval rule, mocked or not, so its calls still wait for approval", async () => {
    const approved = defineTool({
      name: 'delete_note',
      inputSchema: z.object({ id: z.string() }),
      needsApproval: true,
      execute: () => 'deleted',
    });
    const agentTools = await createAgentTools({
      tools: [approved, refund],
      mockTools: { refund: { responses: [{ text: 'refunded' }] } },
      samplingModel: createScriptedModel({ text: 'unused' }),
      onElicitation: () => ({ action: 'cancel' }),
      cwd: '/',
    });
    try {
      expect((agentTools.tools as Array<Tool<unknown>>).map((tool) => tool.needsApproval)).toEqual([
        true,
        undefined,
      ]);
    } finally {
      await agentTools.close();
    }
  });
});
