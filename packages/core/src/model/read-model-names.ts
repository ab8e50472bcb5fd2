import type { Model } from './model.js';

/** The names a model is reported by; a custom model whose getters throw is still named, if vaguely. */
export function readModelNames(model: Model): { provider: string; modelId: string } {
  try {
    const { provider, modelId }: { provider: unknown; modelId: unknown } = model;
    return { provider: String(provider), modelId: String(modelId) };
  } catch {
    return { provider: 'unnamed', modelId: '(unnamed)' };
  }
}
