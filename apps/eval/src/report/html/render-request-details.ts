import type { RequestSummary, TimelineEntry } from '../run-report.js';
import { escapeHtml } from './escape-html.js';

const lastMessagePreviewCharacters = 240;

/**
 * The body of a model request on the timeline: the tools offered, and what the fake LLM received when the
 * runner recorded it (tool choice, thinking settings, the last message, the system prompt folded away).
 */
export function renderRequestDetails({
  entry,
  request,
}: {
  entry: Extract<TimelineEntry, { type: 'request' }>;
  request: RequestSummary | undefined;
}): string {
  const tools =
    entry.tools.length > 0
      ? entry.tools.map((tool) => `<code class="chip">${escapeHtml(tool)}</code>`).join(' ')
      : '<span class="chip chip-muted">no tools offered</span>';
  const settings = [
    request?.toolChoice === undefined ? '' : setting('tool choice', JSON.stringify(request.toolChoice)),
    request?.thinking === undefined ? '' : setting('thinking', JSON.stringify(request.thinking)),
  ].join('');
  const lastMessage = request?.lastMessage
    ? `<div class="last-message"><span class="io-label">Last message · ${escapeHtml(request.lastMessage.role)}</span> <span class="preview">${escapeHtml(preview(request.lastMessage.text))}</span></div>`
    : '';
  const system = entry.system ?? request?.system;
  const systemBlock = system
    ? `<details class="fold"><summary>System prompt</summary><pre>${escapeHtml(system)}</pre></details>`
    : '';
  return `<div class="event-head"><span class="event-kind">Model request #${entry.index}</span>${settings}</div><div class="chips">${tools}</div>${lastMessage}${systemBlock}`;
}

function setting(label: string, value: string): string {
  return `<span class="setting">${label} <code>${escapeHtml(value)}</code></span>`;
}

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= lastMessagePreviewCharacters
    ? oneLine
    : `${oneLine.slice(0, lastMessagePreviewCharacters - 1)}…`;
}
