import type { CompiledOutputSchema } from './output-schema.js';

/** A fenced block around the whole answer (```json … ```), which models write when nothing constrains them. */
const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/;

/**
 * Reads an answer as the turn's output: its text parsed as JSON (a fence around it is taken off), then
 * validated by the schema. The issues say why not, for the repair request and the error.
 */
export async function parseOutput({
  text,
  schema,
}: {
  text: string;
  schema: CompiledOutputSchema;
}): Promise<{ success: true; value: unknown } | { success: false; issues: string[] }> {
  const trimmed = text.trim();
  const json = fenced.exec(trimmed)?.[1] ?? trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      success: false,
      issues: [trimmed === '' ? 'the answer is empty, not JSON' : `not JSON: ${reason}`],
    };
  }
  return schema.validate(parsed);
}
