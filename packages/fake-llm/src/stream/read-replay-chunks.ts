import { readFile } from 'node:fs/promises';

/**
 * Reads a recorded Anthropic stream as framed events, to be sent as it is. A `.sse` file is cut after each
 * blank line (the pieces join back to the file byte for byte); each line of a `.chunks.jsonl` file is framed as
 * `event: <json.type>\ndata: <line>\n\n`.
 */
export async function readReplayChunks(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  if (path.endsWith('.sse')) return text.match(/[\s\S]*?\n\n|[\s\S]+$/gu) ?? [];
  if (path.endsWith('.jsonl')) {
    return text
      .split('\n')
      .map((line) => line.replace(/\r$/u, ''))
      .filter((line) => line.trim() !== '')
      .map((line) => `event: ${readEventType(line, path)}\ndata: ${line}\n\n`);
  }
  throw new Error(`Cannot replay '${path}': the fake LLM replays '.sse' and '.chunks.jsonl' recordings.`);
}

function readEventType(line: string, path: string): string {
  const parsed: unknown = JSON.parse(line);
  if (typeof parsed === 'object' && parsed !== null && 'type' in parsed && typeof parsed.type === 'string') {
    return parsed.type;
  }
  throw new Error(`Cannot replay '${path}': the line ${line.slice(0, 80)} has no string "type".`);
}
