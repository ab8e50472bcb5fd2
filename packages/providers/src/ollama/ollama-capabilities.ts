import { findCatalogueModel } from '@toolloop/models';

/** What a model served by Ollama accepts; `capabilities` overrides any field. */
export interface OllamaCapabilities {
  /**
   * How the model takes `think`: `none` (it cannot think; Ollama refuses `think: true`), `think` (`true` or
   * `false`: Qwen 3, DeepSeek-R1) or `think-levels` (`'low' | 'medium' | 'high'`: gpt-oss, which always thinks).
   */
  thinking: 'none' | 'think' | 'think-levels';
  /** Whether the model takes tools (Ollama refuses tools for a model whose template has none). */
  tools: boolean;
  /** Whether the answer's JSON schema goes as `format` (Ollama constrains any model's output to it). */
  structuredOutput: boolean;
}

/**
 * Capabilities for a model the catalogue does not list: no `think` is sent (a model that thinks still does, as
 * Ollama turns thinking on for it, and its thinking is read back), tools are sent (a model without them answers
 * with Ollama's "does not support tools"), and a schema goes as `format`.
 */
export const defaultOllamaCapabilities: OllamaCapabilities = {
  thinking: 'none',
  tools: true,
  structuredOutput: true,
};

/**
 * The capabilities of a model served by Ollama: from the model catalogue's Ollama library (`@toolloop/models`,
 * looked up by library name whatever the tag, `qwen3:8b` as `qwen3`), else the conservative defaults, since
 * Ollama serves any model that was pulled.
 */
export function getOllamaCapabilities(modelId: string): OllamaCapabilities {
  const entry = findCatalogueModel({ api: 'ollama-chat', id: modelId });
  if (entry === undefined) return { ...defaultOllamaCapabilities };
  return {
    thinking: entry.thinking === 'think' || entry.thinking === 'think-levels' ? entry.thinking : 'none',
    tools: entry.tools !== false,
    structuredOutput: entry.structuredOutput,
  };
}
