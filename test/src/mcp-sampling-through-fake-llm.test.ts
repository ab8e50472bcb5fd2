import { runToolLoop } from '@toolloop/core';
import { connectMcpServers, createSamplingHandler } from '@toolloop/core/mcp';
import { createFakeLlm, type FakeLlmServer } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realServerPath } from './real-server-path.js';

describe('an MCP server sampling through the whole stack', () => {
  const fake = createFakeLlm();
  let server: FakeLlmServer;

  beforeAll(async () => {
    server = await fake.serve();
  });

  afterAll(async () => {
    await fake.close();
  });

  it("answers server-everything's trigger-sampling-request with the Anthropic provider and the fake LLM", async () => {
    fake.script('sampling', { name: 'sampling', steps: [{ text: 'Hello from the fake model.' }] });
    fake.script('loop', {
      name: 'loop',
      steps: [
        { toolCalls: [{ name: 'trigger-sampling-request', input: { prompt: 'Say hello', maxTokens: 50 } }] },
        { text: 'The server got its answer.' },
      ],
    });
    const samplingModel = anthropic({
      model: 'claude-haiku-4-5',
      apiKey: 'test-key',
      baseURL: `${server.url}/script/sampling`,
    });
    const loopModel = anthropic({
      model: 'claude-sonnet-4-6',
      apiKey: 'test-key',
      baseURL: `${server.url}/script/loop`,
    });
    const sampling = createSamplingHandler({ model: samplingModel });
    let toolsChanged!: () => void;
    const conditionalToolsReady = new Promise<void>((resolve) => (toolsChanged = resolve));
    const mcp = await connectMcpServers(
      { servers: { everything: { command: process.execPath, args: [realServerPath('server-everything')] } } },
      {
        configureClient: (client) => {
          sampling.attach(client);
        },
        onToolsChanged: () => {
          toolsChanged();
        },
      },
    );
    try {
      await conditionalToolsReady;
      const result = await runToolLoop({
        model: loopModel,
        tools: [mcp],
        prompt: 'Ask the server to sample.',
      }).result;

      expect(result.stopReason).toBe('completed');
      expect(result.text).toBe('The server got its answer.');
      const toolOutput = result.toolCalls[0]?.output.content[0];
      expect(toolOutput).toMatchObject({
        type: 'text',
        text: expect.stringContaining('Hello from the fake model.') as string,
      });
      const samplingRequest = fake.getScript('sampling').requests[0];
      expect(samplingRequest?.body).toMatchObject({
        model: 'claude-haiku-4-5',
        max_tokens: 50,
        system: 'You are a helpful test server.',
        messages: [
          {
            role: 'user',
            content: [{ type: 'text', text: 'Resource trigger-sampling-request context: Say hello' }],
          },
        ],
      });
      expect(fake.violations).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
