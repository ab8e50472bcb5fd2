import { crc32 } from 'node:zlib';

/** The value type of a string header in the AWS event-stream encoding. */
const stringHeaderType = 7;

/**
 * One message of the AWS event-stream encoding (`application/vnd.amazon.eventstream`), as Bedrock frames each
 * ConverseStream event: a prelude (total length, headers length, both 32-bit big-endian) and its CRC32, the
 * headers (name length, name, type 7 = string, 16-bit value length, value), the payload, and the CRC32 of all
 * that came before. Byte for byte what the AWS SDK's decoder checks
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/RESTSelectObjectAppendix.html describes the same framing).
 */
export function encodeEventStreamMessage(options: {
  headers: Readonly<Record<string, string>>;
  payload: Uint8Array;
}): Uint8Array {
  const headerBytes = Buffer.concat(
    Object.entries(options.headers).map(([name, value]) => {
      const nameBytes = Buffer.from(name, 'utf8');
      const valueBytes = Buffer.from(value, 'utf8');
      const header = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
      let offset = header.writeUInt8(nameBytes.length, 0);
      offset += nameBytes.copy(header, offset);
      offset = header.writeUInt8(stringHeaderType, offset);
      offset = header.writeUInt16BE(valueBytes.length, offset);
      valueBytes.copy(header, offset);
      return header;
    }),
  );
  const totalLength = 12 + headerBytes.length + options.payload.length + 4;
  const message = Buffer.alloc(totalLength);
  message.writeUInt32BE(totalLength, 0);
  message.writeUInt32BE(headerBytes.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headerBytes.copy(message, 12);
  Buffer.from(options.payload).copy(message, 12 + headerBytes.length);
  message.writeUInt32BE(crc32(message.subarray(0, totalLength - 4)), totalLength - 4);
  return new Uint8Array(message.buffer, message.byteOffset, message.byteLength);
}

/** A ConverseStream event (`messageStart`, `contentBlockDelta`, …) framed as Bedrock sends it. */
export function encodeBedrockEvent(eventType: string, payload: unknown): Uint8Array {
  return encodeEventStreamMessage({
    headers: { ':event-type': eventType, ':content-type': 'application/json', ':message-type': 'event' },
    payload: Buffer.from(JSON.stringify(payload), 'utf8'),
  });
}

/** An exception in the stream (`modelStreamErrorException`, `throttlingException`, …) framed as Bedrock sends it. */
export function encodeBedrockException(exceptionType: string, payload: unknown): Uint8Array {
  return encodeEventStreamMessage({
    headers: {
      ':exception-type': exceptionType,
      ':content-type': 'application/json',
      ':message-type': 'exception',
    },
    payload: Buffer.from(JSON.stringify(payload), 'utf8'),
  });
}
