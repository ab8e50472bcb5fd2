import type { LlmProviderType, MessageStreamChunk } from '@toolloop/core/session';
import { SessionManager } from '@toolloop/core/session';
import { createModelFromConfig } from '@toolloop/providers';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The chunks of one message to a new session of `type` that has no API key, in its config or the environment. */
async function sendWithoutKey(type: LlmProviderType, model: string): Promise<MessageStreamChunk[]> {
  vi.stubEnv('ANTHROPIC_API_KEY', '');
  vi.stubEnv('OPENAI_API_KEY', '');
  const manager = new SessionManager({ createModel: createModelFromConfig, environment: {} });
  try {
    const session = await manager.initializeSession({ type, model });
    const chunks: MessageStreamChunk[] = [];
    for await (const chunk of manager.sendMessageStream(session.id, 'Hello?')) chunks.push(chunk);
    return chunks;
  } finally {
    await manager.dispose();
  }
}

describe('a session without an API key', () => {
  it.each([
    { type: 'claude', model: 'claude-sonnet-4-6', variable: 'ANTHROPIC_API_KEY' },
    { type: 'anthropic', model: 'claude-sonnet-4-6', variable: 'ANTHROPIC_API_KEY' },
    { type: 'openai', model: 'gpt-4.1', variable: 'OPENAI_API_KEY' },
  ] as const)('a $type session names its api_key field and $variable', async ({ type, model, variable }) => {
    const chunks = await sendWithoutKey(type, model);

    expect(chunks.filter((chunk) => chunk.type === 'error').map((chunk) => chunk.message)).toEqual([
      `Stopped: No API key for this '${type}' session: set \`api_key\` in its config or the ${variable} environment variable.`,
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', stopReason: 'model_error' });
  });
});
