import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The recorded Gemini streams shared by the workspace (`fixtures/real-wire/gemini`). */
export const geminiFixturesDirectory = resolve(import.meta.dirname, '../../../fixtures/real-wire/gemini');

/** One chunk of a Gemini stream: a `GenerateContentResponse`. */
export type GeminiChunk = Record<string, unknown>;

/** The chunks of a recorded `.chunks.jsonl` file. */
export function readRecordedChunks(name: string): GeminiChunk[] {
  return readFileSync(resolve(geminiFixturesDirectory, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GeminiChunk);
}

/**
 * What a stream is made of, without its content: per chunk the kind of its part (`thought`, `text`, `call`, each
 * `+signature` when it carries one) and `+finish` when it ends the candidate, a run of chunks of one kind as one
 * entry; and per kind the fields of the chunk, its candidate, its usage and its part.
 */
export function describeChunkShape(chunks: readonly GeminiChunk[]): {
  sequence: string[];
  fields: Record<string, string[]>;
} {
  const sequence: string[] = [];
  const fields: Record<string, string[]> = {};
  const keys = (value: unknown) => Object.keys(value as object).sort();
  for (const chunk of chunks) {
    const candidate = (chunk.candidates as Array<Record<string, unknown>>)[0] ?? {};
    const part = (candidate.content as { parts: Array<Record<string, unknown>> }).parts[0] ?? {};
    const kind =
      (part.functionCall !== undefined ? 'call' : part.thought === true ? 'thought' : 'text') +
      (part.thoughtSignature === undefined ? '' : '+signature') +
      (candidate.finishReason === undefined ? '' : '+finish');
    if (sequence.at(-1) !== kind) sequence.push(kind);
    fields[kind] = keys(chunk);
    fields[`${kind} candidate`] = keys(candidate);
    fields[`${kind} usageMetadata`] = keys(chunk.usageMetadata);
    fields[`${kind} part`] = keys(part);
  }
  return { sequence, fields };
}
