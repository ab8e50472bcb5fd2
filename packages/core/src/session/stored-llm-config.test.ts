import { describe, expect, it } from 'vitest';
import { storedLlmConfigSchema } from './llm-config-schema.js';

describe('a stored session config', () => {
  it('of a session stored when `ollama` named the /v1 layer, goes on there as ollama-openai', () => {
    expect(
      storedLlmConfigSchema.parse({
        type: 'ollama',
        model: 'qwen3:8b',
        base_url: 'http://localhost:11434/v1',
      }),
    ).toEqual({ type: 'ollama-openai', model: 'qwen3:8b', base_url: 'http://localhost:11434/v1' });
    expect(
      storedLlmConfigSchema.parse({
        type: 'ollama',
        model: 'qwen3:8b',
        base_url: 'http://proxy/v1?tenant=a',
      }),
    ).toMatchObject({ type: 'ollama-openai' });
  });

  it("keeps a native Ollama session's type, and every other type as it was", () => {
    expect(
      storedLlmConfigSchema.parse({ type: 'ollama', model: 'qwen3:8b', base_url: 'http://localhost:11434' }),
    ).toMatchObject({
      type: 'ollama',
    });
    expect(
      storedLlmConfigSchema.parse({ type: 'openai', model: 'gpt-5.1', base_url: 'http://proxy/v1' }),
    ).toMatchObject({
      type: 'openai',
    });
  });
});
