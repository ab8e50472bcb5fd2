import type { LoopEvent, LoopResult, ModelRequest } from '@toolloop/core';
import type { TimelineEntry } from '../report/run-report.js';

/** Everything a turn streamed, its result, and its timeline. */
export interface TurnObservation {
  result: LoopResult;
  events: LoopEvent[];
  /** All the thinking the turn streamed, joined. */
  thinking: string;
  timeline: TimelineEntry[];
}

/**
 * Drains a turn, timing each event from `startedAt`. Request starts come from the instrumented model; deltas
 * of the same kind in a row become one timeline entry, so the report reads as text, not as fragments.
 */
export async function observeTurn({
  run,
  startedAt,
  requests,
}: {
  run: { events: AsyncIterable<LoopEvent>; result: Promise<LoopResult> };
  startedAt: number;
  requests: ReadonlyArray<{ atMs: number; request: ModelRequest }>;
}): Promise<TurnObservation> {
  const events: LoopEvent[] = [];
  const timeline: TimelineEntry[] = [];
  for await (const event of run.events) {
    events.push(event);
    addToTimeline(timeline, event, Math.round(performance.now() - startedAt));
  }
  const result = await run.result;
  requests.forEach(({ atMs, request }, index) => {
    const entry: TimelineEntry = {
      atMs,
      type: 'request',
      index,
      tools: request.tools.map((tool) => tool.name),
    };
    if (request.system !== undefined) entry.system = request.system;
    timeline.push(entry);
  });
  timeline.sort((left, right) => left.atMs - right.atMs || order(left) - order(right));
  const thinking = events.flatMap((event) => (event.type === 'thinking' ? [event.text] : [])).join('');
  return { result, events, thinking, timeline };
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
    case 'tool_start':
      timeline.push({
        atMs,
        type: 'tool_start',
        toolCallId: event.toolCallId,
        name: event.name,
        input: event.input,
      });
      return;
    case 'tool_result':
      timeline.push({
        atMs,
        type: 'tool_result',
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
    case 'done':
      timeline.push({ atMs, type: 'stop', stopReason: event.result.stopReason });
      return;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown loop event ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * Within one millisecond: status lines first (the loop announces, then asks), then the request, then what it
 * caused. Events are timed when read, a moment after they happen, so ties are common.
 */
function order(entry: TimelineEntry): number {
  return entry.type === 'status' ? 0 : entry.type === 'request' ? 1 : 2;
}
