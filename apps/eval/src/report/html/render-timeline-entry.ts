import { toStableJson } from '../diff/to-stable-json.js';
import { formatDuration } from '../format-duration.js';
import type { RequestSummary, TimelineEntry } from '../run-report.js';
import { escapeHtml } from './escape-html.js';
import { renderRequestDetails } from './render-request-details.js';
import { toStopReasonTone } from './stop-reason-tone.js';

type ToolResultEntry = Extract<TimelineEntry, { type: 'tool-result' }>;

// Past these, a thinking block folds away and tool output is cut: the page stays quick to open.
const longThinkingCharacters = 280;
const longThinkingLines = 4;
const maxOutputCharacters = 20_000;

/**
 * One `<li>` of a turn's timeline. A tool call is drawn where it started, with its input (`resultFor` says
 * whether it ever answered), and its result where it came, with its duration: what the turn showed in between
 * (the call's status line) stays in between. A request shows what the fake LLM received (`requestFor`).
 */
export function renderTimelineEntry({
  entry,
  resultFor,
  requestFor,
}: {
  entry: TimelineEntry;
  resultFor: (toolCallId: string) => ToolResultEntry | undefined;
  /** What the fake LLM recorded for request `index`, if the runner has it. */
  requestFor: (index: number) => RequestSummary | undefined;
}): string {
  switch (entry.type) {
    case 'request':
      return item({
        entry,
        kind: 'request',
        body: renderRequestDetails({ entry, request: requestFor(entry.index) }),
      });
    case 'thinking': {
      const text = escapeHtml(entry.text);
      const isLong =
        entry.text.length > longThinkingCharacters || entry.text.split('\n').length > longThinkingLines;
      const body = isLong
        ? `<details class="fold"><summary><span class="event-kind">Thinking</span> <span class="preview">${escapeHtml(entry.text.slice(0, 120).replaceAll('\n', ' '))}…</span></summary><div class="prose">${text}</div></details>`
        : `<div class="event-head"><span class="event-kind">Thinking</span></div><div class="prose">${text}</div>`;
      return item({ entry, kind: 'thinking', body });
    }
    case 'content':
      return item({
        entry,
        kind: 'content',
        body: `<div class="event-head"><span class="event-kind">Text</span></div><div class="prose">${escapeHtml(entry.text)}</div>`,
      });
    case 'tool-start':
      return renderToolCall({ entry, result: resultFor(entry.toolCallId) });
    case 'tool-result':
      return renderToolResult(entry);
    case 'status':
      return item({
        entry,
        kind: 'status',
        body: `<div class="status-line"><span class="event-kind">Status</span> ${escapeHtml(entry.message)}</div>`,
      });
    case 'warning':
      return item({
        entry,
        kind: 'warning',
        body: `<div class="event-head"><span class="event-kind">Warning</span> <code>${escapeHtml(entry.code)}</code></div><div class="prose">${escapeHtml(entry.message)}</div>`,
      });
    case 'error': {
      const tool = entry.toolName
        ? ` <span class="muted">in</span> <code>${escapeHtml(entry.toolName)}</code>`
        : '';
      return item({
        entry,
        kind: 'error',
        body: `<div class="event-head"><span class="event-kind">Error</span> <code>${escapeHtml(entry.code)}</code>${tool}</div><div class="prose">${escapeHtml(entry.message)}</div>`,
      });
    }
    case 'stop':
      return item({
        entry,
        kind: `stop tone-${toStopReasonTone(entry.stopReason)}`,
        body: `<div class="stop-marker"><span class="event-kind">Stopped</span> <span class="stop-reason">${escapeHtml(entry.stopReason)}</span></div>`,
      });
    default: {
      const unknownEntry: never = entry;
      throw new Error(`Unknown timeline entry: ${JSON.stringify(unknownEntry)}`);
    }
  }
}

/** A tool call where it started: its name and input, and a note when the turn ended before it answered. */
function renderToolCall({
  entry,
  result,
}: {
  entry: Extract<TimelineEntry, { type: 'tool-start' }>;
  result: ToolResultEntry | undefined;
}): string {
  const status = result ? '' : ' <span class="badge badge-skipped">no result</span>';
  const unanswered = result
    ? ''
    : '<div class="io"><div class="io-label">Result</div><p class="muted">The turn ended before this call answered.</p></div>';
  return `<li class="event event-tool"><span class="event-time">${formatOffset(entry.atMs)}</span><div class="event-body"><div class="event-head"><span class="event-kind">Tool call</span> <code class="tool-name">${escapeHtml(entry.name)}</code>${status}</div><div class="tool-io"><div class="io"><div class="io-label">Input</div><pre>${escapeHtml(toStableJson(entry.input))}</pre></div>${unanswered}</div></div></li>`;
}

/** A tool call's result where it came: the tool's name, how long the call took, and what it returned. */
function renderToolResult(entry: ToolResultEntry): string {
  const status = `<span class="duration">${formatDuration(entry.durationMs)}</span>${entry.isError ? ' <span class="badge badge-failed">error</span>' : ''}`;
  return `<li class="event event-tool-result${entry.isError ? ' is-error' : ''}"><span class="event-time">${formatOffset(entry.atMs)}</span><div class="event-body"><div class="event-head"><span class="event-kind">Tool result</span> <code class="tool-name">${escapeHtml(entry.name)}</code> ${status}</div><div class="tool-io"><div class="io"><div class="io-label">${entry.isError ? 'Error result' : 'Result'}</div><pre class="io-result">${escapeHtml(truncate(entry.output))}</pre></div></div></div></li>`;
}

function item({ entry, kind, body }: { entry: TimelineEntry; kind: string; body: string }): string {
  return `<li class="event event-${kind}"><span class="event-time">${formatOffset(entry.atMs)}</span><div class="event-body">${body}</div></li>`;
}

function formatOffset(atMs: number): string {
  return `+${formatDuration(atMs)}`;
}

function truncate(text: string): string {
  if (text.length <= maxOutputCharacters) return text;
  return `${text.slice(0, maxOutputCharacters)}\n… (${text.length - maxOutputCharacters} more characters)`;
}
