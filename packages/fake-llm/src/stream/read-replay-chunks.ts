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
  if (path.endsWith('.bin')) {
    if (framing !== 'bedrock')
      throw new Error(`Cannot replay '${path}': only a Converse stream is recorded as bytes (.bin).`);
    return splitEventStreamMessages(await readFile(path), path);
  }
  const text = await readFile(path, 'utf8');
  if (path.endsWith('.ndjson')) {
    if (framing !== 'ollama')
      throw new Error(
        `Cannot replay '${path}': only Ollama's native stream is recorded as NDJSON (.ndjson).`,
      );
    // Each object on its line, as it was sent (the last one may lack its newline).
    return text.match(/[^\n]*\n|[^\n]+$/gu) ?? [];
  }
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
  throw new Error(
    `Cannot replay '${path}': the fake LLM replays '.sse', '.chunks.jsonl', '.ndjson' (Ollama) and '.bin' (Bedrock) recordings.`,
  );
}

/**
 * A recorded AWS event stream cut into its messages, each sent as it came: a message starts with its total
 * length (4 bytes, big-endian), which must fit what is left of the file.
 */
function splitEventStreamMessages(bytes: Buffer, path: string): Uint8Array[] {
  const messages: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = bytes.length - offset >= 4 ? bytes.readUInt32BE(offset) : 0;
    // The smallest message is its 12-byte prelude and 4-byte checksum.
    if (length < 16 || offset + length > bytes.length)
      throw new Error(
        `Cannot replay '${path}': it is no AWS event stream (the message at byte ${offset} is cut off or malformed).`,
      );
    messages.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return messages;
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
