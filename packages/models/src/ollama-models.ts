import type { CatalogueModel } from './catalogue-model.js';

/** One common model of Ollama's library, before the fields every Ollama entry shares are added. */
interface OllamaLibraryModel {
  /** The library name without a tag (`qwen3`); any tag of it (`qwen3:8b`, `qwen3:latest`) has its figures. */
  id: string;
  /** The context length the library page gives (its most common tags'). */
  contextWindow: number;
  thinking: 'none' | 'think' | 'think-levels';
  tools: boolean;
}

/**
 * Common models of Ollama's library, each with the context length, the capabilities (`tools`, `thinking`) and
 * the thinking form its page at https://ollama.com/library/<id> shows. Ollama serves whatever was pulled, so a
 * model missing here still works: the provider and the fake then take conservative defaults. gpt-oss takes
 * think levels and cannot stop thinking (https://ollama.com/library/gpt-oss, and Ollama's thinking guide,
 * https://docs.ollama.com/capabilities/thinking); the other thinking models take `think: true | false`.
 */
const libraryModels: readonly OllamaLibraryModel[] = [
  { id: 'gpt-oss', contextWindow: 131_072, thinking: 'think-levels', tools: true },
  { id: 'qwen3', contextWindow: 40_960, thinking: 'think', tools: true },
  { id: 'deepseek-r1', contextWindow: 131_072, thinking: 'think', tools: true },
  { id: 'qwen3-coder', contextWindow: 262_144, thinking: 'none', tools: true },
  { id: 'llama3.2', contextWindow: 131_072, thinking: 'none', tools: true },
  { id: 'llama3.1', contextWindow: 131_072, thinking: 'none', tools: true },
  { id: 'qwen2.5', contextWindow: 32_768, thinking: 'none', tools: true },
  { id: 'mistral', contextWindow: 32_768, thinking: 'none', tools: true },
  { id: 'gemma3', contextWindow: 131_072, thinking: 'none', tools: false },
  { id: 'phi4', contextWindow: 16_384, thinking: 'none', tools: false },
  { id: 'llama3', contextWindow: 8192, thinking: 'none', tools: false },
];

/**
 * The Ollama models the catalogue lists. The output limit is the context window (Ollama's `num_predict` is
 * unbounded by default); a thinking model thinks when the request says nothing (Ollama turns `think` on for
 * it); every model takes a JSON schema as `format`; no prompt cache is billed.
 */
export const ollamaModels: readonly CatalogueModel[] = libraryModels.map((model) => ({
  id: model.id,
  api: 'ollama-chat',
  contextWindow: model.contextWindow,
  maxOutputTokens: model.contextWindow,
  thinking: model.thinking,
  thinksByDefault: model.thinking !== 'none',
  structuredOutput: true,
  minCacheableTokens: 0,
  tools: model.tools,
}));
