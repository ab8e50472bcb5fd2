import type { ChunkArrival } from './create-arrival-recording-fetch.js';

/**
 * Pairs each event time with the latest text-delta arrival before it and returns the differences in
 * milliseconds. Correct when deltas are paced further apart than the latency measured (the fake's
 * `chunkDelayMs`), so that the latest arrival is the one that carried the event's text.
 */
export function toDeltaLatencies({
  arrivals,
  eventTimes,
}: {
  arrivals: readonly ChunkArrival[];
  eventTimes: readonly number[];
}): number[] {
  const deltaArrivals = arrivals.filter((arrival) => arrival.hasTextDelta).map((arrival) => arrival.at);
  return eventTimes.flatMap((eventTime) => {
    const before = deltaArrivals.filter((at) => at <= eventTime);
    const latest = before[before.length - 1];
    return latest === undefined ? [] : [eventTime - latest];
  });
}
