import { Anthropic } from '@anthropic-ai/sdk';
import { runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { afterEach, describe, expect, it } from 'vitest';

// Anthropic's server-side context editing is the server's to apply; the provider passes it through.
let fake: FakeLlm | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const contextManagement = {
  edits: [
    {
      type: 'clear_tool_uses_20250919' as const,
      trigger: { type: 'input_tokens' as const, value: 30_000 },
      keep: { type: 'tool_uses' as const, value: 3 },
    },
  ],
};

describe('anthropic({ contextManagement })', () => {
  it('sends context_management with its beta, beside a thread’s', async () => {
    fake = createFakeLlm({ name: 'context management', steps: [{ text: 'Hi.' }, { text: 'Hi again.' }] });
    fake.listen();
    const options = { apiKey: 'test-key', baseURL: 'https://fake-llm.test', maxRetries: 0 } as const;

    await runToolLoop({
      model: anthropic({ model: 'claude-sonnet-4-6', ...options, contextManagement }),
      prompt: 'Hello.',
      statusMessages: 'off',
    }).result;
    await runToolLoop({
      model: anthropic({ model: 'claude-sonnet-4-6', ...options, contextManagement, threads: true }),
      prompt: 'Hello.',
      statusMessages: 'off',
    }).result;

    expect(fake.violations).toEqual([]);
    expect(
      fake.requests.map((request) => (request.body as { context_management?: unknown }).context_management),
    ).toEqual([contextManagement, contextManagement]);
    expect(fake.requests.map((request) => request.headers['anthropic-beta'])).toEqual([
      'context-management-2025-06-27',
      'message-threads-2026-08-12,context-management-2025-06-27',
    ]);
  });

  it('sends neither without the option', async () => {
    fake = createFakeLlm({ name: 'context management', steps: [{ text: 'Hi.' }] });
    fake.listen();

    await runToolLoop({
      model: anthropic({ model: 'claude-sonnet-4-6', apiKey: 'test-key', baseURL: 'https://fake-llm.test' }),
      prompt: 'Hello.',
      statusMessages: 'off',
    }).result;

    expect(fake.requests[0]?.body).not.toHaveProperty('context_management');
    expect(fake.requests[0]?.headers).not.toHaveProperty('anthropic-beta');
  });

  it('keeps the betas the client sends on every request in the header', async () => {
    fake = createFakeLlm({ name: 'context management', steps: [{ text: 'Hi.' }] });
    fake.listen();
    const client = new Anthropic({
      apiKey: 'test-key',
      baseURL: 'https://fake-llm.test',
      maxRetries: 0,
      defaultHeaders: { 'anthropic-beta': 'context-1m-2025-08-07, message-threads-2026-08-12' },
    });

    await runToolLoop({
      model: anthropic({ model: 'claude-sonnet-4-6', client, contextManagement, threads: true }),
      prompt: 'Hello.',
      statusMessages: 'off',
    }).result;

    expect(fake.requests[0]?.headers['anthropic-beta']).toBe(
      'context-1m-2025-08-07,message-threads-2026-08-12,context-management-2025-06-27',
    );
  });
});
