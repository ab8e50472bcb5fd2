import { describe, expect, it } from 'vitest';
import { anthropicModels } from './anthropic-models.js';
import { bedrockModels } from './bedrock-models.js';
import { findCatalogueModel } from './find-catalogue-model.js';
import { ollamaModels } from './ollama-models.js';
import { geminiModels } from './gemini-models.js';
import { openAiChatModels } from './openai-chat-models.js';

describe('findCatalogueModel', () => {
  it('finds a model of the API it is asked about', () => {
    expect(findCatalogueModel({ api: 'anthropic-messages', id: 'claude-opus-4-7' })).toEqual({
      id: 'claude-opus-4-7',
      api: 'anthropic-messages',
      contextWindow: 1_000_000,
      maxOutputTokens: 128_000,
      thinking: 'adaptive-only',
      thinksByDefault: false,
      structuredOutput: true,
      minCacheableTokens: 2048,
    });
    expect(findCatalogueModel({ api: 'openai-chat-completions', id: 'gpt-4o' })).toMatchObject({
      contextWindow: 128_000,
      maxOutputTokens: 16_384,
      thinking: 'none',
    });
  });

  it.each([
    ['gpt-5-search-api', 128_000, 16_384, 'none'],
    ['gpt-5', 272_000, 128_000, 'reasoning-effort'],
    ['o1-preview', 128_000, 32_768, 'reasoning-effort'],
  ])('gives %s the limits of its page', (id, contextWindow, maxOutputTokens, thinking) => {
    expect(findCatalogueModel({ api: 'openai-chat-completions', id })).toMatchObject({
      contextWindow,
      maxOutputTokens,
      thinking,
    });
  });

  it('gives Gemini 2.5 a thinking budget and Gemini 3 a thinking level', () => {
    expect(findCatalogueModel({ api: 'gemini', id: 'gemini-2.5-flash' })).toEqual({
      id: 'gemini-2.5-flash',
      api: 'gemini',
      contextWindow: 1_048_576,
      maxOutputTokens: 65_536,
      thinking: 'thinking-budget',
      thinksByDefault: true,
      structuredOutput: true,
      minCacheableTokens: 0,
    });
    expect(findCatalogueModel({ api: 'gemini', id: 'gemini-3-pro-preview' })).toMatchObject({
      thinking: 'thinking-level',
      thinksByDefault: true,
    });
    expect(findCatalogueModel({ api: 'gemini', id: 'gemini-2.5-flash-lite' })).toMatchObject({
      thinksByDefault: false,
    });
  });

  it('finds no model of another API, and none the API does not serve', () => {
    expect(findCatalogueModel({ api: 'openai-chat-completions', id: 'claude-opus-4-7' })).toBeUndefined();
    expect(
      findCatalogueModel({ api: 'anthropic-messages', id: 'claude-3-5-haiku-20241022' }),
    ).toBeUndefined();
  });
});

describe('findCatalogueModel for Ollama', () => {
  it.each(['qwen3', 'qwen3:8b', 'library/qwen3:latest', 'registry.ollama.ai/library/qwen3:0.6b'])(
    'finds %s by its library name, keeping the id asked for',
    (id) => {
      expect(findCatalogueModel({ api: 'ollama-chat', id })).toMatchObject({
        id,
        contextWindow: 40_960,
        thinking: 'think',
        tools: true,
      });
    },
  );

  it('tells think levels (gpt-oss) from think on and off, and a model without tools', () => {
    expect(findCatalogueModel({ api: 'ollama-chat', id: 'gpt-oss:20b' })?.thinking).toBe('think-levels');
    expect(findCatalogueModel({ api: 'ollama-chat', id: 'gemma3:4b' })).toMatchObject({
      thinking: 'none',
      tools: false,
    });
  });

  it('lists no model of another namespace, and none under another API', () => {
    expect(findCatalogueModel({ api: 'ollama-chat', id: 'someone/qwen3:8b' })).toBeUndefined();
    expect(findCatalogueModel({ api: 'openai-chat-completions', id: 'qwen3' })).toBeUndefined();
  });
});

describe('findCatalogueModel for Bedrock', () => {
  it('finds a Claude model by its Bedrock id, with the figures of the Anthropic model it is', () => {
    expect(
      findCatalogueModel({ api: 'bedrock-converse', id: 'anthropic.claude-sonnet-4-5-20250929-v1:0' }),
    ).toEqual({
      id: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
      api: 'bedrock-converse',
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
      thinking: 'manual',
      thinksByDefault: false,
      structuredOutput: true,
      minCacheableTokens: 1024,
    });
  });

  it('finds the model a cross-region inference profile routes to', () => {
    expect(
      findCatalogueModel({ api: 'bedrock-converse', id: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' })?.id,
    ).toBe('anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(
      findCatalogueModel({ api: 'bedrock-converse', id: 'global.anthropic.claude-opus-4-7' })?.thinking,
    ).toBe('adaptive-only');
  });

  it('lists other families without thinking, and no Anthropic id', () => {
    expect(findCatalogueModel({ api: 'bedrock-converse', id: 'amazon.nova-pro-v1:0' })).toMatchObject({
      thinking: 'none',
      structuredOutput: false,
    });
    expect(findCatalogueModel({ api: 'bedrock-converse', id: 'claude-sonnet-4-6' })).toBeUndefined();
  });
});

describe.each([
  ['Anthropic', anthropicModels],
  ['OpenAI chat', openAiChatModels],
  ['Ollama', ollamaModels],
  ['Gemini', geminiModels],
  ['Bedrock', bedrockModels],
])('the %s models', (_api, models) => {
  it('list each id once', () => {
    const ids = models.map((model) => model.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('have an output limit no larger than their context window, and whole-number limits', () => {
    const wrong = models.filter(
      (model) =>
        !Number.isSafeInteger(model.contextWindow) ||
        !Number.isSafeInteger(model.maxOutputTokens) ||
        model.maxOutputTokens > model.contextWindow,
    );
    expect(wrong).toEqual([]);
  });
});
