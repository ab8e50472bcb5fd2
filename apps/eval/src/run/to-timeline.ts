import type { LoopEvent, ModelRequest } from '@toolloop/core';
import type { TimelineEntry } from '../report/run-report.js';

/** A loop event and when the observer read it, in ms from the turn's start. */
export interface TimedEvent {
  event: LoopEvent;
  atMs: number;
}

/** A model request, when it was made, and how many of the turn's events came before it. */
export interface PlacedRequest {
  request: ModelRequest;
  atMs: number;
  eventsBefore: number;
}

/**
 * A turn's timeline: its events in the order the loop emitted them, each request placed after the events that
 * came before it, deltas of the same kind in a row joined into one entry. Events are timed when read, a moment
 * after they happen; one read after a later request happened before it, so its time is capped at the
 * request's, and the times never go backwards.
 */
export function toTimeline({
  events,
  requests,
}: {
  events: readonly TimedEvent[];
  requests: readonly PlacedRequest[];
}): TimelineEntry[] {
  const timeline: TimelineEntry[] = [];
  let next = 0;
  const addRequestsUpTo = (position: number) => {
    for (let request = requests[next]; request !== undefined && request.eventsBefore <= position;) {
      timeline.push(toRequestEntry(request, next));
      next += 1;
      request = requests[next];
    }
  };
  for (const [position, { event, atMs }] of events.entries()) {
    // Nothing comes after `done`: a request counted past it (one that failed before it was sent) goes before.
    addRequestsUpTo(event.type === 'done' ? Number.POSITIVE_INFINITY : position);
    addToTimeline(timeline, event, Math.min(atMs, requests[next]?.atMs ?? atMs));
  }
  addRequestsUpTo(Number.POSITIVE_INFINITY);
  return timeline;
}

function toRequestEntry({ request, atMs }: PlacedRequest, index: number): TimelineEntry {
  const entry: TimelineEntry = {
    atMs,
    type: 'request',
    index,
    tools: request.tools.map((tool) => tool.name),
  };
  if (request.system !== undefined) entry.system = request.system;
  return entry;
}

function addToTimeline(timeline: TimelineEntry[], event: LoopEvent, atMs: number): void {
  const last = timeline.at(-1);
  switch (event.type) {
    case 'thinking':
    case 'content':
      if (last?.type === event.type) last.text += event.text;
      else timeline.push({ atMs, type: event.type, text: event.text });
      return;
    case 'status':
      timeline.push({ atMs, type: 'status', message: event.message });
      return;
    case 'tool-start':
      timeline.push({
        atMs,
        type: 'tool-start',
        toolCallId: event.toolCallId,
        name: event.name,
        input: event.input,
      });
      return;
    case 'tool-progress':
      // A running call's progress (a round of questions a server asked, its own progress): a status line of the call.
      timeline.push({ atMs, type: 'status', message: `${event.name}: ${event.message}` });
      return;
    case 'tool-result':
      timeline.push({
        atMs,
        type: 'tool-result',
        toolCallId: event.toolCallId,
        name: event.name,
        output: event.output.content
          .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
          .join('\n'),
        isError: event.isError,
        durationMs: event.durationMs,
      });
      return;
    case 'warning':
      timeline.push({ atMs, type: 'warning', code: event.code, message: event.message });
      return;
    case 'error': {
      const entry: TimelineEntry = { atMs, type: 'error', code: event.code, message: event.message };
      if (event.toolName !== undefined) entry.toolName = event.toolName;
      timeline.push(entry);
      return;
    }
    case 'approval-required':
      timeline.push({
        atMs,
        type: 'warning',
        code: 'approval_required',
        message: `Waiting for approval: ${event.calls.map((call) => `${call.name} (${call.toolCallId})`).join(', ')}`,
      });
      return;
    case 'done':
      timeline.push({ atMs, type: 'stop', stopReason: event.result.stopReason });
      return;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown loop event ${JSON.stringify(unexpected)}`);
    }
  }
}
