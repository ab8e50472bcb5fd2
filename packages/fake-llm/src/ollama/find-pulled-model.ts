import type { CatalogueModel } from '@toolloop/models';
import type { FakeLlmModel } from '../models/fake-llm-model.js';
import { resolveRequestModel } from '../models/resolve-request-model.js';

/**
 * The model a request names, as the fake's Ollama has it "pulled": a model of the catalogue's Ollama library
 * under any tag (`qwen3:8b`), or one the script adds; `undefined` for any other name.
 */
export function findPulledModel(options: {
  id: string;
  scriptModels: readonly FakeLlmModel[] | undefined;
}): CatalogueModel | undefined {
  return resolveRequestModel({ api: 'ollama-chat', id: options.id, scriptModels: options.scriptModels });
}

/**
 * A model name as Ollama's server writes it in errors (`model.ParseName(name).String()`): host, namespace, model
 * and tag, with the defaults filled in (`gemma3` is `registry.ollama.ai/library/gemma3:latest`).
 */
export function toOllamaFullName(name: string): string {
  const [path = name, tag = 'latest'] = name.split(/:(?=[^/:]*$)/u);
  const parts = path.split('/');
  const model = parts.pop() ?? path;
  const namespace = parts.pop() ?? 'library';
  const host = parts.pop() ?? 'registry.ollama.ai';
  return `${host}/${namespace}/${model}:${tag}`;
}
