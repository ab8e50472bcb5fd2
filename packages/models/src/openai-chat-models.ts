import type { CatalogueModel } from './catalogue-model.js';

/**
 * The model ids OpenAI's OpenAPI description lists for chat completions (`ModelIdsShared`, openapi.yaml 2.3.0),
 * newest first. The API serves other ids too (fine-tuned models, `ft:…`); a fake LLM script adds those.
 */
const openAiChatModelIds = [
  'gpt-5.6-sol',
  'gpt-5.6-terra',
  'gpt-5.6-luna',
  'gpt-5.5',
  'gpt-5.5-2026-04-23',
  'gpt-5.4',
  'gpt-5.4-mini',
  'gpt-5.4-nano',
  'gpt-5.4-mini-2026-03-17',
  'gpt-5.4-nano-2026-03-17',
  'gpt-5.3-chat-latest',
  'gpt-5.2',
  'gpt-5.2-2025-12-11',
  'gpt-5.2-chat-latest',
  'gpt-5.2-pro',
  'gpt-5.2-pro-2025-12-11',
  'gpt-5.1',
  'gpt-5.1-2025-11-13',
  'gpt-5.1-codex',
  'gpt-5.1-mini',
  'gpt-5.1-chat-latest',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'gpt-5-2025-08-07',
  'gpt-5-mini-2025-08-07',
  'gpt-5-nano-2025-08-07',
  'gpt-5-chat-latest',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4.1-2025-04-14',
  'gpt-4.1-mini-2025-04-14',
  'gpt-4.1-nano-2025-04-14',
  'o4-mini',
  'o4-mini-2025-04-16',
  'o3',
  'o3-2025-04-16',
  'o3-mini',
  'o3-mini-2025-01-31',
  'o1',
  'o1-2024-12-17',
  'o1-preview',
  'o1-preview-2024-09-12',
  'o1-mini',
  'o1-mini-2024-09-12',
  'gpt-4o',
  'gpt-4o-2024-11-20',
  'gpt-4o-2024-08-06',
  'gpt-4o-2024-05-13',
  'gpt-4o-audio-preview',
  'gpt-4o-audio-preview-2024-10-01',
  'gpt-4o-audio-preview-2024-12-17',
  'gpt-4o-audio-preview-2025-06-03',
  'gpt-4o-mini-audio-preview',
  'gpt-4o-mini-audio-preview-2024-12-17',
  'gpt-4o-search-preview',
  'gpt-4o-mini-search-preview',
  'gpt-4o-search-preview-2025-03-11',
  'gpt-4o-mini-search-preview-2025-03-11',
  'chatgpt-4o-latest',
  'codex-mini-latest',
  'gpt-4o-mini',
  'gpt-4o-mini-2024-07-18',
  'gpt-4-turbo',
  'gpt-4-turbo-2024-04-09',
  'gpt-4-0125-preview',
  'gpt-4-turbo-preview',
  'gpt-4-1106-preview',
  'gpt-4-vision-preview',
  'gpt-4',
  'gpt-4-0314',
  'gpt-4-0613',
  'gpt-4-32k',
  'gpt-4-32k-0314',
  'gpt-4-32k-0613',
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-0301',
  'gpt-3.5-turbo-0613',
  'gpt-3.5-turbo-1106',
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-16k-0613',
  // OpenAI's model pages list these for v1/chat/completions too, though ModelIdsShared leaves them out (the
  // description's own chat completions examples use gpt-audio).
  'gpt-audio',
  'gpt-audio-mini',
  'gpt-5-search-api',
] as const;

/**
 * The models OpenAI's chat completions serve, with the limits OpenAI's model pages give for each family: context
 * window, most output tokens, whether the model reasons (`reasoning_effort`) and takes `response_format`'s
 * `json_schema`. OpenAI caches prompt prefixes of 1024 tokens and more on its own.
 */
export const openAiChatModels: readonly CatalogueModel[] = openAiChatModelIds.map((id) => ({
  id,
  api: 'openai-chat-completions',
  ...describeFamily(id),
  thinksByDefault: false,
  minCacheableTokens: 1024,
}));

type Family = Pick<CatalogueModel, 'contextWindow' | 'maxOutputTokens' | 'thinking' | 'structuredOutput'>;

function describeFamily(id: string): Family {
  const reasoning = { thinking: 'reasoning-effort', structuredOutput: true } as const;
  const plain = { thinking: 'none', structuredOutput: true } as const;
  if (id.includes('chat-latest')) return { contextWindow: 128_000, maxOutputTokens: 16_384, ...plain };
  if (id === 'gpt-5-search-api') return { contextWindow: 128_000, maxOutputTokens: 16_384, ...plain };
  // GPT-5's 400,000 tokens are input and output together: a prompt takes at most 272,000 of them.
  if (id.startsWith('gpt-5')) return { contextWindow: 272_000, maxOutputTokens: 128_000, ...reasoning };
  if (id.startsWith('gpt-4.1')) return { contextWindow: 1_047_576, maxOutputTokens: 32_768, ...plain };
  if (id.startsWith('o1-mini') || id.startsWith('o1-preview')) {
    return {
      contextWindow: 128_000,
      // o1-mini writes up to 65,536 tokens, o1-preview 32,768 (OpenAI's model pages).
      maxOutputTokens: id.startsWith('o1-mini') ? 65_536 : 32_768,
      thinking: 'reasoning-effort',
      structuredOutput: false,
    };
  }
  if (/^o\d/u.test(id) || id === 'codex-mini-latest') {
    return { contextWindow: 200_000, maxOutputTokens: 100_000, ...reasoning };
  }
  if (id === 'chatgpt-4o-latest' || id.includes('audio') || id.includes('search')) {
    return { contextWindow: 128_000, maxOutputTokens: 16_384, thinking: 'none', structuredOutput: false };
  }
  if (id === 'gpt-4o-2024-05-13') {
    return { contextWindow: 128_000, maxOutputTokens: 4_096, thinking: 'none', structuredOutput: false };
  }
  if (id.startsWith('gpt-4o')) return { contextWindow: 128_000, maxOutputTokens: 16_384, ...plain };
  if (id.startsWith('gpt-4-32k')) {
    return { contextWindow: 32_768, maxOutputTokens: 8_192, thinking: 'none', structuredOutput: false };
  }
  if (id === 'gpt-4' || id === 'gpt-4-0314' || id === 'gpt-4-0613') {
    return { contextWindow: 8_192, maxOutputTokens: 8_192, thinking: 'none', structuredOutput: false };
  }
  if (id.startsWith('gpt-4')) {
    return { contextWindow: 128_000, maxOutputTokens: 4_096, thinking: 'none', structuredOutput: false };
  }
  const oldest = id === 'gpt-3.5-turbo-0301' || id === 'gpt-3.5-turbo-0613';
  return {
    contextWindow: oldest ? 4_096 : 16_385,
    maxOutputTokens: 4_096,
    thinking: 'none',
    structuredOutput: false,
  };
}
