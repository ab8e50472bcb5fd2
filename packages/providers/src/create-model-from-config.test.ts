import { collectRun } from '@toolloop/core/testing';
import { runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlmServer } from '@toolloop/fake-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it.each([
    ['claude', 'anthropic'],
    ['anthropic', 'anthropic'],
    ['openai', 'openai'],
    ['ollama', 'ollama'],
  ] as const)("type '%s' gives the %s provider", async (type, provider) => {
    const model = await createModelFromConfig({ type, model: 'some-model', api_key: 'test-key' });

    expect({ provider: model.provider, modelId: model.modelId }).toEqual({ provider, modelId: 'some-model' });
  });

  it.each([
    ['anthropic', '', 'claude-haiku-4-5'],
    ['ollama', '/v1', 'qwen3:8b'],
  ] as const)('a %s model talks to base_url', async (type, suffix, model) => {
    fake.script(type, {
      steps: [{ text: `Hello from the ${type} wire.` }],
      ...(type === 'ollama' ? { dialect: 'ollama' as const } : {}),
    });
    const configured = await createModelFromConfig({
      type,
      model,
      api_key: 'test-key',
      base_url: `${server.url}/scenario/${type}${suffix}`,
    });
    const { result } = await collectRun(runToolLoop({ model: configured, prompt: 'Hi' }));

    expect(result.text).toBe(`Hello from the ${type} wire.`);
    expect(fake.route(type).requests[0]?.path).toBe(
      type === 'anthropic' ? '/scenario/anthropic/v1/messages' : '/scenario/ollama/v1/chat/completions',
    );
  });
});
