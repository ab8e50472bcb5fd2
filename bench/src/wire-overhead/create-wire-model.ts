import type { Model } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import { bedrock } from '@toolloop/providers/bedrock';
import { gemini } from '@toolloop/providers/gemini';
import { ollama } from '@toolloop/providers/ollama';
import { openai, openaiResponses } from '@toolloop/providers/openai';
import type { WireId } from './wire-id.js';
import { bedrockAccess, wireMaxTokens, wireModelIds } from './wire-models.js';

/**
 * toolloop's provider of `wire`, pointed at the fake LLM's script at `scriptURL` as its tests point it: no
 * retries, the benchmark's output limit, the same model as the floor.
 */
export function createWireModel({ wire, scriptURL }: { wire: WireId; scriptURL: string }): Model {
  const model = wireModelIds[wire];
  switch (wire) {
    case 'anthropic':
      return anthropic({
        model,
        apiKey: 'bench',
        baseURL: scriptURL,
        maxRetries: 0,
        maxTokens: wireMaxTokens,
      });
    case 'openai-chat':
      return openai({
        model,
        apiKey: 'bench',
        baseURL: `${scriptURL}/v1`,
        maxRetries: 0,
        maxTokens: wireMaxTokens,
      });
    case 'openai-responses':
      return openaiResponses({
        model,
        apiKey: 'bench',
        baseURL: `${scriptURL}/v1`,
        maxRetries: 0,
        maxTokens: wireMaxTokens,
      });
    case 'gemini':
      return gemini({ model, apiKey: 'bench', baseURL: scriptURL, maxRetries: 0, maxTokens: wireMaxTokens });
    case 'bedrock':
      return bedrock({
        model,
        ...bedrockAccess,
        endpoint: scriptURL,
        maxAttempts: 1,
        maxTokens: wireMaxTokens,
      });
    case 'ollama':
      return ollama({ model, host: scriptURL, maxTokens: wireMaxTokens });
    default: {
      const unexpected: never = wire;
      throw new Error(`Unknown wire ${String(unexpected)}`);
    }
  }
}
