import { readFile } from 'node:fs/promises';
import type { MockToolCall } from '../server/mock-tool-call.js';

/**
 * Reads the calls a `mock-mcp --record <file>` process wrote (one JSON line per ended call). A missing file
 * reads as no calls: the process may not have started.
 */
export async function readMockCallRecord(path: string): Promise<MockToolCall[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as MockToolCall);
}
