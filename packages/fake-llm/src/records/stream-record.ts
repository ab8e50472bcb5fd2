/** How a response stream ended: all of it, cut by a `truncate` step, or cut by the client going away. */
export type StreamStatus = 'open' | 'completed' | 'truncated' | 'aborted';

/** What the fake sent on one streaming response; updated while the stream runs. */
export interface StreamRecord {
  scenarioId: string;
  requestIndex: number;
  /** Server-sent events enqueued so far. */
  eventsSent: number;
  /** Bytes enqueued so far. */
  bytesSent: number;
  /** Events the step had to send (the whole recording for `replay`). */
  eventsPlanned: number;
  status: StreamStatus;
  /** True when the client aborted, or the connection closed, before the stream ended on its own. */
  clientAborted: boolean;
}
