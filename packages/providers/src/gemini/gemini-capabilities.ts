import { findCatalogueModel } from '@toolloop/models';

/** How a Gemini model takes thinking: a token budget (Gemini 2.5), a level (Gemini 3), or not at all. */
export type GeminiThinkingKind = 'budget' | 'level' | 'none';

/** What a Gemini model accepts; `capabilities` overrides any field. */
export interface GeminiCapabilities {
  /** `budget`: `thinkingConfig.thinkingBudget`; `level`: `thinkingConfig.thinkingLevel`; `none`: no thinking. */
  thinking: GeminiThinkingKind;
  /** Whether the model thinks when the request says nothing of thinking (then its thoughts are asked for). */
  thinksByDefault: boolean;
  /** Whether the model takes a response schema (`responseMimeType: application/json` with `responseJsonSchema`). */
  structuredOutput: boolean;
  /** Whether function declarations go as JSON Schema (`parametersJsonSchema`), else as `parameters`. */
  parametersJsonSchema: boolean;
}

/**
 * The capabilities of a Gemini model: from the model catalogue (`@toolloop/models`) when it lists the id, else
 * read from the id (`gemini-3…` takes a level, `gemini-2.5…` a budget; both think by default), so newer models
 * need no update.
 */
export function getGeminiCapabilities(modelId: string): GeminiCapabilities {
  const id = modelId.replace(/^models\//u, '');
  const entry = findCatalogueModel({ api: 'gemini', id });
  if (entry !== undefined) {
    return {
      thinking:
        entry.thinking === 'thinking-level'
          ? 'level'
          : entry.thinking === 'thinking-budget'
            ? 'budget'
            : 'none',
      thinksByDefault: entry.thinksByDefault,
      structuredOutput: entry.structuredOutput,
      parametersJsonSchema: true,
    };
  }
  const version = /^gemini-(\d+)(?:\.(\d+))?/u.exec(id);
  const major = Number(version?.[1] ?? 0);
  const minor = Number(version?.[2] ?? 0);
  const thinking: GeminiThinkingKind = major >= 3 ? 'level' : major === 2 && minor >= 5 ? 'budget' : 'none';
  return {
    thinking,
    thinksByDefault: thinking !== 'none' && !id.includes('flash-lite'),
    structuredOutput: major >= 2,
    parametersJsonSchema: major >= 3 || (major === 2 && minor >= 5),
  };
}
