import type { LoopEvent, LoopResult, ModelRequest } from '@toolloop/core';
import type { TimelineEntry } from '../report/run-report.js';
import { toTimeline, type PlacedRequest, type TimedEvent } from './to-timeline.js';

/** Everything a turn streamed, its result, and its timeline. */
export interface TurnObservation {
  result: LoopResult;
  events: LoopEvent[];
  /** All the thinking the turn streamed, joined. */
  thinking: string;
  /** All the text the turn streamed to the user (its content events), joined. */
  content: string;
  timeline: TimelineEntry[];
}

/** Watches one turn: the model requests as they start, then its events, timed from when it was created. */
export interface TurnObserver {
  /** Call as each model request starts (the instrumented model's hook). */
  onRequest(request: ModelRequest): void;
  /** Drains the turn and returns what it streamed, its result and its timeline. */
  observe(run: { events: AsyncIterable<LoopEvent>; result: Promise<LoopResult> }): Promise<TurnObservation>;
}

/**
 * Creates the observer of one turn; create it just before the turn starts. The loop runs ahead of its reader:
 * by the time a request starts, events before it may not have been read yet. Their number is taken at the
 * next turn of the event loop (`setImmediate`), once the reader has caught up on what is already emitted and
 * before the request's answer, which comes over the network, can emit anything.
 */
export function createTurnObserver(): TurnObserver {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const events: TimedEvent[] = [];
  const requests: PlacedRequest[] = [];
  const placements: Array<Promise<void>> = [];
  return {
    onRequest(request) {
      const placed: PlacedRequest = { request, atMs: elapsed(), eventsBefore: events.length };
      requests.push(placed);
      placements.push(
        new Promise((resolve) =>
          setImmediate(() => {
            placed.eventsBefore = events.length;
            resolve();
          }),
        ),
      );
    },
    async observe(run) {
      for await (const event of run.events) events.push({ event, atMs: elapsed() });
      const result = await run.result;
      await Promise.all(placements);
      const joined = (type: 'thinking' | 'content') =>
        events.flatMap(({ event }) => (event.type === type ? [event.text] : [])).join('');
      return {
        result,
        events: events.map(({ event }) => event),
        thinking: joined('thinking'),
        content: joined('content'),
        timeline: toTimeline({ events, requests }),
      };
    },
  };
}
