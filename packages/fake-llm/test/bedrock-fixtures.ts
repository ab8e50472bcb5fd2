import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32 } from 'node:zlib';

/** The recorded ConverseStream events shared by the workspace (`fixtures/real-wire/bedrock`). */
export const bedrockFixturesDirectory = resolve(import.meta.dirname, '../../../fixtures/real-wire/bedrock');

/** One decoded ConverseStream event: `{ "<eventType>": <payload> }`. */
export type BedrockStreamEvent = Record<string, Record<string, unknown>>;

/** The events of a recorded `.chunks.jsonl` file. */
export function readRecordedBedrockEvents(name: string): BedrockStreamEvent[] {
  return readFileSync(resolve(bedrockFixturesDirectory, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as BedrockStreamEvent);
}

/**
 * Decodes a body in the AWS event-stream encoding into its events, checking each message's lengths and both of
 * its CRC32s as the AWS SDK does; an exception message becomes `{ "<exceptionType>": <payload> }`.
 */
export function decodeEventStream(bytes: Uint8Array): BedrockStreamEvent[] {
  const buffer = Buffer.from(bytes);
  const events: BedrockStreamEvent[] = [];
  let offset = 0;
  while (offset < buffer.length) {
    const totalLength = buffer.readUInt32BE(offset);
    const headersLength = buffer.readUInt32BE(offset + 4);
    if (crc32(buffer.subarray(offset, offset + 8)) !== buffer.readUInt32BE(offset + 8)) {
      throw new Error(`The prelude CRC of the message at ${offset} does not match.`);
    }
    const end = offset + totalLength;
    if (crc32(buffer.subarray(offset, end - 4)) !== buffer.readUInt32BE(end - 4)) {
      throw new Error(`The message CRC of the message at ${offset} does not match.`);
    }
    const headers: Record<string, string> = {};
    let at = offset + 12;
    while (at < offset + 12 + headersLength) {
      const nameLength = buffer.readUInt8(at);
      const name = buffer.toString('utf8', at + 1, at + 1 + nameLength);
      at += 1 + nameLength;
      if (buffer.readUInt8(at) !== 7) throw new Error(`The header ${name} is not a string.`);
      const valueLength = buffer.readUInt16BE(at + 1);
      headers[name] = buffer.toString('utf8', at + 3, at + 3 + valueLength);
      at += 3 + valueLength;
    }
    const payload = JSON.parse(buffer.toString('utf8', offset + 12 + headersLength, end - 4)) as Record<
      string,
      unknown
    >;
    const name =
      headers[':message-type'] === 'exception' ? headers[':exception-type'] : headers[':event-type'];
    events.push({ [name ?? '']: payload });
    offset = end;
  }
  return events;
}

/**
 * What a stream is made of, without its content: each event's type (a delta with the kind of its delta: `text`,
 * `toolUse`, `reasoningContent.text`, `reasoningContent.signature`), a run of one kind as one entry; and per kind
 * the fields it has.
 */
export function describeBedrockStreamShape(events: readonly BedrockStreamEvent[]): {
  sequence: string[];
  fields: Record<string, string[]>;
} {
  const sequence: string[] = [];
  const fields: Record<string, string[]> = {};
  for (const event of events) {
    const [type = '', payload = {}] = Object.entries(event)[0] ?? [];
    let kind = type;
    if (type === 'contentBlockDelta') {
      const delta = (payload.delta ?? {}) as Record<string, unknown>;
      const [member = ''] = Object.keys(delta);
      const inner = delta[member];
      kind = `${type} ${member}${member === 'reasoningContent' ? `.${Object.keys(inner as object)[0] ?? ''}` : ''}`;
    }
    if (sequence.at(-1) !== kind) sequence.push(kind);
    fields[kind] = Object.keys(payload).sort();
    for (const [field, value] of Object.entries(payload)) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        fields[`${kind} ${field}`] = Object.keys(value).sort();
      }
    }
  }
  return { sequence, fields };
}
