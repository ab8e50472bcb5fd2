import type { TimelineEntry, TurnReport } from '../run-report.js';
import { renderTimelineEntry } from './render-timeline-entry.js';

/**
 * A turn's timeline as an ordered list, in the order things happened: requests, thinking, text, tool calls and
 * their results, status lines, warnings and errors, ending with the stop reason (added from the turn when the
 * timeline lacks it).
 */
export function renderTimeline(turn: TurnReport): string {
  const results = new Map<string, Extract<TimelineEntry, { type: 'tool-result' }>>();
  for (const entry of turn.timeline) {
    if (entry.type === 'tool-result') results.set(entry.toolCallId, entry);
  }
  const items = turn.timeline.map((entry) =>
    renderTimelineEntry({
      entry,
      resultFor: (toolCallId) => results.get(toolCallId),
      requestFor: (index) => turn.requests.find((request) => request.index === index),
    }),
  );
  if (!turn.timeline.some((entry) => entry.type === 'stop')) {
    items.push(
      renderTimelineEntry({
        entry: { type: 'stop', atMs: turn.durationMs, stopReason: turn.stopReason },
        resultFor: () => undefined,
        requestFor: () => undefined,
      }),
    );
  }
  return `<ol class="timeline">${items.join('')}</ol>`;
}
