import { isRecord } from '../internal/is-record.js';

/** The fields of a generateContent request the fake reads. */
export interface GeminiRequestBody {
  /** `contents`, each a record (a role and its parts). */
  contents: Record<string, unknown>[];
  /** The names of the function declarations offered. */
  toolNames: string[];
  /** `generationConfig.thinkingConfig.includeThoughts`: thought summaries are sent as parts. */
  includeThoughts: boolean;
  /** `thinkingConfig.thinkingBudget`: 0 turns thinking off where the model lets it. */
  thinkingBudget: number | undefined;
  thinkingLevel: string | undefined;
}

/** The parts of a content, each a record. */
export function readParts(content: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(content.parts) ? content.parts.filter(isRecord) : [];
}

/**
 * Reads the fields the fake answers from; the definition rule has already held the body to its types. Fails only
 * for a body that is no generateContent request at all (no `contents` list).
 */
export function parseGeminiRequestBody(
  json: unknown,
): { success: true; value: GeminiRequestBody } | { success: false; error: string } {
  if (!isRecord(json)) return { success: false, error: 'the body is not a JSON object' };
  if (!Array.isArray(json.contents)) return { success: false, error: 'no "contents" list' };
  const tools = Array.isArray(json.tools) ? json.tools.filter(isRecord) : [];
  const declarations = tools.flatMap((tool) =>
    Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations.filter(isRecord) : [],
  );
  const config = isRecord(json.generationConfig) ? json.generationConfig : {};
  const thinking = isRecord(config.thinkingConfig) ? config.thinkingConfig : {};
  return {
    success: true,
    value: {
      contents: json.contents.filter(isRecord),
      toolNames: declarations.flatMap((declaration) =>
        typeof declaration.name === 'string' ? [declaration.name] : [],
      ),
      includeThoughts: thinking.includeThoughts === true,
      thinkingBudget: typeof thinking.thinkingBudget === 'number' ? thinking.thinkingBudget : undefined,
      thinkingLevel: typeof thinking.thinkingLevel === 'string' ? thinking.thinkingLevel : undefined,
    },
  };
}
