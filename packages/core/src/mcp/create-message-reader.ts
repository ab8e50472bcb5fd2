import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';

/** A message longer than the reader's limit: what it measured of it. */
export interface OversizedMessage {
  limitBytes: number;
  /** The message's length without its newline, or what arrived of it so far when `complete` is false. */
  sizeBytes: number;
  /** Whether its end (the newline) arrived, so that `sizeBytes` is its whole length. */
  complete: boolean;
}

/** Reads newline-delimited JSON-RPC messages from a stdio server's output, chunk by chunk. */
export interface MessageReader {
  append(chunk: Buffer): void;
  /** Drops the unfinished line kept so far. */
  clear(): void;
}

/**
 * A reader of newline-delimited JSON-RPC that keeps at most `maxMessageBytes` of an unfinished message. The
 * first message longer than that is not kept: it is reported to `onOversized` as soon as it passes the limit,
 * and again, with its whole length, when its newline arrives; nothing after it is read. A line that is not a
 * JSON-RPC message, or one `onMessage` throws at, goes to `onError`, and the messages after it are read as
 * usual.
 */
export function createMessageReader({
  maxMessageBytes,
  onMessage,
  onError,
  onOversized,
}: {
  maxMessageBytes: number;
  onMessage: (message: JSONRPCMessage) => void;
  onError: (error: Error) => void;
  onOversized: (message: OversizedMessage) => void;
}): MessageReader {
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  let oversized: OversizedMessage | undefined;

  const readLine = (lastPiece: Buffer) => {
    const line = Buffer.concat([...pieces, lastPiece]).toString('utf8');
    pieces = [];
    pendingBytes = 0;
    try {
      // What a handler throws is reported like a bad line: it must not lose the messages after it.
      onMessage(deserializeMessage(line.replace(/\r$/, '')));
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return {
    append(chunk) {
      let start = 0;
      while (start < chunk.length) {
        if (oversized?.complete === true) return;
        const newline = chunk.indexOf(0x0a, start);
        const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
        if (oversized !== undefined) {
          oversized = {
            ...oversized,
            sizeBytes: oversized.sizeBytes + piece.length,
            complete: newline !== -1,
          };
          if (oversized.complete) onOversized(oversized);
        } else if (pendingBytes + piece.length > maxMessageBytes) {
          oversized = {
            limitBytes: maxMessageBytes,
            sizeBytes: pendingBytes + piece.length,
            complete: newline !== -1,
          };
          pieces = [];
          pendingBytes = 0;
          onOversized(oversized);
        } else if (newline === -1) {
          pieces.push(piece);
          pendingBytes += piece.length;
        } else {
          readLine(piece);
        }
        if (newline === -1) return;
        start = newline + 1;
      }
    },
    clear() {
      pieces = [];
      pendingBytes = 0;
    },
  };
}
