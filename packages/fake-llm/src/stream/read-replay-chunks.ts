import { readFile } from 'node:fs/promises';
import { encodeBedrockEvent, encodeBedrockException } from '../bedrock/encode-event-stream-message.js';

/**
 * How a `.chunks.jsonl` line is framed: Anthropic's and the Responses API's `event:` + `data:` lines, or chat
 * completions' `data:` line and final `[DONE]`.
 */
export type ReplayFraming = 'anthropic' | 'chat-completions' | 'responses' | 'gemini' | 'bedrock' | 'ollama';

/**
 * Reads a recorded stream as framed events, to be sent as it is. A `.sse` file is cut after each blank line
 * (the pieces join back to the file byte for byte). Each line of a `.chunks.jsonl` file is framed as
 * `event: <json.type>\ndata: <line>\n\n` (Anthropic, the Responses API), as `data: <line>\n\n` followed by one last
 * `data: [DONE]\n\n` (chat completions), as `data: <line>\r\n\r\n` (Gemini), as `fixtures/real-wire/README.md` says;
 * for Ollama as `<line>\n` (NDJSON). A Converse line, `{ "<eventType>": <payload> }`, is framed in the AWS
 * event-stream encoding, an `…Exception` member as an exception message.
 */
export async function readReplayChunks(options: { path: string; framing: 'bedrock' }): Promise<Uint8Array[]>;
export async function readReplayChunks(options: {
  path: string;
  framing: Exclude<ReplayFraming, 'bedrock'>;
}): Promise<string[]>;
export async function readReplayChunks(options: {
  path: string;
  framing: ReplayFraming;
}): Promise<Array<string | Uint8Array>>;
export async function readReplayChunks(options: {
  path: string;
  framing: ReplayFraming;
}): Promise<Array<string | Uint8Array>> {
  const { path, framing } = options;
  const text = await readFile(path, 'utf8');
  if (path.endsWith('.sse') && framing === 'bedrock') {
    throw new Error(
      `Cannot replay '${path}': a Converse stream is replayed from its decoded events (.chunks.jsonl).`,
    );
  }
  if (path.endsWith('.sse')) return text.match(/[\s\S]*?\n\n|[\s\S]+$/gu) ?? [];
  if (path.endsWith('.jsonl')) {
    const lines = text
      .split('\n')
      .map((line) => line.replace(/\r$/u, ''))
      .filter((line) => line.trim() !== '');
    switch (framing) {
      case 'anthropic':
      case 'responses':
        return lines.map((line) => `event: ${readEventType(line, path)}\ndata: ${line}\n\n`);
      case 'chat-completions':
        return [...lines.map((line) => `data: ${line}\n\n`), 'data: [DONE]\n\n'];
      case 'ollama':
        // Ollama's NDJSON: each object on a line of its own.
        return lines.map((line) => `${line}\n`);
      case 'gemini':
        return lines.map((line) => `data: ${line}\r\n\r\n`);
      case 'bedrock':
        return lines.map((line) => encodeBedrockLine(line, path));
      default: {
        const unexpected: never = framing;
        throw new Error(`Unexpected replay framing ${JSON.stringify(unexpected)}`);
      }
    }
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

/** A decoded ConverseStream event (`{ "contentBlockDelta": { … } }`) in the AWS event-stream encoding. */
function encodeBedrockLine(line: string, path: string): Uint8Array {
  const parsed: unknown = JSON.parse(line);
  const entries: Array<[string, unknown]> =
    typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [];
  const [entry] = entries;
  if (entry === undefined || entries.length !== 1) {
    throw new Error(`Cannot replay '${path}': the line ${line.slice(0, 80)} is not one event of one member.`);
  }
  const [name, payload] = entry;
  return name.endsWith('Exception')
    ? encodeBedrockException(name, payload)
    : encodeBedrockEvent(name, payload);
}
