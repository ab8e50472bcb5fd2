/** How a response stream ended: all of it, cut by a `truncate` step, or cut by the client going away. */
export type StreamStatus = 'open' | 'completed' | 'truncated' | 'aborted';

/** Where something begins in a response body: the zero-based event that carries it and its byte offset in the body. */
export interface StreamPosition {
  eventIndex: number;
  byteOffset: number;
}

/** Where the XML tool blocks of a text-mode stream begin, and how much was sent after the second one began. */
export interface XmlToolBlocksRecord {
  /** Per block, in order: the zero-based event that carries its `<tool:` and the byte offset of that `<` in the body. */
  starts: StreamPosition[];
  /** Bytes sent from the `<` of the second block on (0 until it is sent, and with fewer than two blocks). */
  bytesSentAfterSecondBlock: number;
  /** Events sent after the one in which the second block begins. */
  eventsSentAfterSecondBlock: number;
  /** Bytes the stream would have sent from the second block on, had nobody stopped it. */
  bytesPlannedAfterSecondBlock: number;
}

/** What the fake sent on one streaming response; updated while the stream runs. */
export interface StreamRecord {
  scriptId: string;
  requestIndex: number;
  /** Server-sent events enqueued so far (chat completions: `data: [DONE]` counts as one). */
  eventsSent: number;
  /** Bytes enqueued so far. */
  bytesSent: number;
  /** Events the step had to send (the whole recording for `replay`). */
  eventsPlanned: number;
  /** Bytes the step had to send. */
  bytesPlanned: number;
  status: StreamStatus;
  /** True when the client aborted, or the connection closed, before the stream ended on its own. */
  clientAborted: boolean;
  /** Chat completions with `toolFormat: 'xml'` only: where the tool blocks begin, for the early-stop measurement. */
  xmlToolBlocks?: XmlToolBlocksRecord;
}
