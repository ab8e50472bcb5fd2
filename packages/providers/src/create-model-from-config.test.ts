import { collectRun } from '@toolloop/core/testing';
import { runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlmServer } from '@toolloop/fake-llm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createModelFromConfig } from './create-model-from-config.js';

describe('createModelFromConfig', () => {
  const fake = createFakeLlm();
  let server: FakeLlmServer;

  beforeAll(async () => {
    server = await fake.serve();
  });

  afterAll(async () => {
    await fake.close();
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it.each([
    ['claude', 'anthropic'],
    ['anthropic', 'anthropic'],
    ['openai', 'openai'],
    ['openai-responses', 'openai'],
    ['gemini', 'gemini'],
    ['bedrock', 'bedrock'],
    ['ollama', 'ollama'],
    ['ollama-openai', 'ollama'],
  ] as const)("type '%s' gives the %s provider", async (type, provider) => {
    const model = await createModelFromConfig({
      type,
      model: 'some-model',
      ...(type === 'bedrock' ? { region: 'eu-west-3' } : { api_key: 'test-key' }),
    });

    expect({ provider: model.provider, modelId: model.modelId }).toEqual({ provider, modelId: 'some-model' });
  });

  // Each type's model, pointed at the fake LLM by base_url, speaks its own wire on its own path.
  it.each([
    ['anthropic', '', 'claude-haiku-4-5', '/v1/messages'],
    ['openai', '/v1', 'gpt-5.1', '/v1/chat/completions'],
    ['openai-responses', '/v1', 'gpt-5.1', '/v1/responses'],
    ['gemini', '', 'gemini-2.5-flash', '/v1beta/models/gemini-2.5-flash:streamGenerateContent'],
    [
      'bedrock',
      '',
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
    ],
    ['ollama', '', 'qwen3:8b', '/api/chat'],
    ['ollama-openai', '/v1', 'qwen3:8b', '/v1/chat/completions'],
  ] as const)('a %s model talks to base_url', async (type, suffix, model, path) => {
    // Bedrock reads its credentials from the AWS chain; here, the environment's.
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIATESTONLY');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret');
    fake.script(type, {
      steps: [{ text: `Hello from the ${type} wire.` }],
      ...(type === 'ollama-openai' ? { dialect: 'ollama' as const } : {}),
    });
    const configured = await createModelFromConfig({
      type,
      model,
      ...(type === 'bedrock' ? { region: 'us-east-1' } : { api_key: 'test-key' }),
      base_url: `${server.url}/script/${type}${suffix}`,
    });
    const { result } = await collectRun(runToolLoop({ model: configured, prompt: 'Hi' }));

    expect(result.text).toBe(`Hello from the ${type} wire.`);
    expect(fake.getScript(type).requests[0]?.path).toBe(`/script/${type}${path}`);
    expect(fake.getScript(type).violations).toEqual([]);
  });

  it("sends a native Ollama config's api_key as a bearer token", async () => {
    fake.script('ollama-key', { steps: [{ text: 'Keyed.' }] });
    const sent: Array<string | null> = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      sent.push(new Headers(init?.headers).get('authorization'));
      return realFetch(input, init);
    });
    const configured = await createModelFromConfig({
      type: 'ollama',
      model: 'qwen3:8b',
      api_key: 'ollama-cloud-key',
      base_url: `${server.url}/script/ollama-key`,
    });
    const { result } = await collectRun(runToolLoop({ model: configured, prompt: 'Hi' }));

    expect(result.text).toBe('Keyed.');
    expect(sent).toEqual(['Bearer ollama-cloud-key']);
  });
});
