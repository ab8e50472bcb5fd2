import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The recorded Gemini streams this package keeps (see test/fixtures/gemini/README.md). */
export const geminiFixtureDirectory = path.resolve(import.meta.dirname, '../fixtures/gemini');

/** A recorded Gemini stream as the bytes the API sends: each line framed as `data: <line>\r\n\r\n`. */
export function readGeminiFixture(fileName: string): Uint8Array {
  const lines = readFileSync(path.join(geminiFixtureDirectory, fileName), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return new TextEncoder().encode(lines.map((line) => `data: ${line}\r\n\r\n`).join(''));
}

/** The chunks of a recorded Gemini stream, parsed. */
export function readGeminiChunks(fileName: string): Array<Record<string, unknown>> {
  return readFileSync(path.join(geminiFixtureDirectory, fileName), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
