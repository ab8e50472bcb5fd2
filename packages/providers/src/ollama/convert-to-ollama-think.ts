import type { ThinkingSettings, WarningPart } from '@toolloop/core';
import type { OllamaCapabilities } from './ollama-capabilities.js';

/**
 * Core thinking settings as Ollama's `think`, by the model's form: `think` models get `true` or `false`;
 * gpt-oss (`think-levels`) gets the effort as a level (`max` is sent as `high`, a budget alone as the nearest
 * level: below 4096 low, below 16 384 medium, else high), and cannot stop thinking, so `enabled: false` sends
 * nothing, with a warning; a model that does not think gets nothing (Ollama refuses `think: true` for it), with a
 * warning when thinking was asked for. No settings send nothing, and the model keeps Ollama's default (a
 * thinking model thinks).
 */
export function convertToOllamaThink(options: {
  settings: ThinkingSettings | undefined;
  thinking: OllamaCapabilities['thinking'];
  modelId: string;
}): { think?: boolean | 'low' | 'medium' | 'high'; warnings: WarningPart[] } {
  const { settings, thinking, modelId } = options;
  if (settings === undefined) return { warnings: [] };
  switch (thinking) {
    case 'none':
      return settings.enabled
        ? {
            warnings: [
              {
                type: 'warning',
                code: 'thinking_unsupported',
                message: `The model ${modelId} is not known to think, so \`think\` was not sent (set capabilities.thinking if it does).`,
              },
            ],
          }
        : { warnings: [] };
    case 'think':
      return { think: settings.enabled, warnings: [] };
    case 'think-levels':
      return convertToLevel({ settings, modelId });
    default: {
      const unknownForm: never = thinking;
      throw new Error(`Unknown thinking form ${String(unknownForm)}`);
    }
  }
}

function convertToLevel(options: { settings: ThinkingSettings; modelId: string }): {
  think?: 'low' | 'medium' | 'high';
  warnings: WarningPart[];
} {
  const { settings, modelId } = options;
  if (!settings.enabled) {
    return {
      warnings: [
        {
          type: 'warning',
          code: 'thinking_always_on',
          message: `The model ${modelId} always thinks (it takes think levels, not false); no \`think\` was sent.`,
        },
      ],
    };
  }
  if (settings.effort === 'max') {
    return {
      think: 'high',
      warnings: [
        {
          type: 'warning',
          code: 'thinking_effort_lowered',
          message:
            "Thinking effort 'max' was sent as think 'high', the highest level every Ollama version takes.",
        },
      ],
    };
  }
  if (settings.effort !== undefined) return { think: settings.effort, warnings: [] };
  const budget = settings.budgetTokens;
  if (budget === undefined) return { think: 'medium', warnings: [] };
  return { think: budget < 4096 ? 'low' : budget < 16_384 ? 'medium' : 'high', warnings: [] };
}
