import type { StreamPosition, StreamRecord } from '../records/stream-record.js';

/**
 * Adds `xmlToolBlocks` to a stream record and returns the hook that keeps it current as events are sent: how
 * many bytes and events went out after the second XML tool block began, which is what an early-stopping client
 * saves.
 */
export function trackXmlToolBlocks(options: { record: StreamRecord; starts: StreamPosition[] }): () => void {
  const { record, starts } = options;
  const second = starts[1];
  const tracked = {
    starts,
    bytesSentAfterSecondBlock: 0,
    eventsSentAfterSecondBlock: 0,
    bytesPlannedAfterSecondBlock: second === undefined ? 0 : record.bytesPlanned - second.byteOffset,
  };
  record.xmlToolBlocks = tracked;
  return () => {
    if (second === undefined || record.eventsSent <= second.eventIndex) return;
    tracked.bytesSentAfterSecondBlock = record.bytesSent - second.byteOffset;
    tracked.eventsSentAfterSecondBlock = record.eventsSent - second.eventIndex - 1;
  };
}
