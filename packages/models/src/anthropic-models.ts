import type { CatalogueModel, ModelThinking } from './catalogue-model.js';

/**
 * The Claude models the Messages API serves, by id: the ids are the `Model` type of the official SDK (the
 * current models; retired ones are gone from it), the figures Anthropic's models overview and its prompt-caching
 * guide. A dated snapshot and its alias are both listed, as the API takes both. Where a figure was unsure, the
 * one the providers' capability table has always used is kept, so that providers and the fake LLM never
 * disagree.
 */
/** Claude Sonnet 4 and 4.5 take a 1M-token context with this beta (Anthropic's context windows guide). */
const sonnetLongContext = { beta: 'context-1m-2025-08-07', contextWindow: 1_000_000 };

export const anthropicModels: readonly CatalogueModel[] = [
  claude({
    id: 'claude-fable-5-2',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-mythos-5-2',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-haiku-5-5',
    contextWindow: 200_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 4096,
  }),
  claude({
    id: 'claude-sonnet-5-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 1024,
  }),
  claude({
    id: 'claude-fable-5-1',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-opus-5-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-mythos-5-1',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-sonnet-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 1024,
  }),
  claude({
    id: 'claude-fable-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-mythos-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-opus-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-opus-4-8',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: false,
    minCacheableTokens: 1024,
  }),
  claude({
    id: 'claude-opus-4-7',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: false,
    minCacheableTokens: 2048,
  }),
  claude({
    id: 'claude-mythos-preview',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive-only',
    thinksByDefault: true,
    minCacheableTokens: 512,
  }),
  claude({
    id: 'claude-opus-4-6',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    thinking: 'adaptive',
    thinksByDefault: false,
    minCacheableTokens: 4096,
  }),
  claude({
    id: 'claude-sonnet-4-6',
    contextWindow: 1_000_000,
    // Its model page (platform.claude.com/docs/en/models/sonnet-4-6/overview) says 128K, as for Opus 4.6.
    maxOutputTokens: 128_000,
    thinking: 'adaptive',
    thinksByDefault: false,
    minCacheableTokens: 1024,
  }),
  claude({
    id: 'claude-haiku-4-5',
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    thinking: 'manual',
    thinksByDefault: false,
    minCacheableTokens: 4096,
  }),
  claude({
    id: 'claude-haiku-4-5-20251001',
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    thinking: 'manual',
    thinksByDefault: false,
    minCacheableTokens: 4096,
  }),
  claude({
    id: 'claude-opus-4-5',
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    thinking: 'manual',
    thinksByDefault: false,
    minCacheableTokens: 4096,
  }),
  claude({
    id: 'claude-opus-4-5-20251101',
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    thinking: 'manual',
    thinksByDefault: false,
    minCacheableTokens: 4096,
  }),
  claude({
    id: 'claude-sonnet-4-5',
    contextWindow: 200_000,
    longContext: sonnetLongContext,
    maxOutputTokens: 64_000,
    thinking: 'manual',
    thinksByDefault: false,
    minCacheableTokens: 1024,
  }),
  claude({
    id: 'claude-sonnet-4-5-20250929',
    contextWindow: 200_000,
    longContext: sonnetLongContext,
    maxOutputTokens: 64_000,
    thinking: 'manual',
    thinksByDefault: false,
    minCacheableTokens: 1024,
  }),
];

function claude(options: {
  id: string;
  contextWindow: number;
  maxOutputTokens: number;
  thinking: ModelThinking;
  thinksByDefault: boolean;
  minCacheableTokens: number;
  longContext?: CatalogueModel['longContext'];
}): CatalogueModel {
  // Every current Claude model takes `output_config.format` (structured outputs came with the 4.5 models).
  return { ...options, api: 'anthropic-messages', structuredOutput: true };
}
