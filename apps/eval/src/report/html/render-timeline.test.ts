import { describe, expect, it } from 'vitest';
import { buildTurnReport } from '../test-support/build-run-report.js';
import { renderTimeline } from './render-timeline.js';

/** The timeline's items as `kind: text` lines, tags stripped: what a reader sees, in order. */
function toReadableLines(html: string): string[] {
  return [...html.matchAll(/<li class="event event-([\w-]+)[^"]*">(.*?)<\/li>/gs)].map(
    ([, kind, body]) =>
      `${kind}: ${(body ?? '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}`,
  );
}

describe('renderTimeline', () => {
  it('draws each entry in order, a tool call with its input, its result with the duration, and the stop last', () => {
    expect(toReadableLines(renderTimeline(buildTurnReport()))).toEqual([
      'request: +0 ms Model request #0 get_course_outline',
      'tool: +5 ms Tool call get_course_outline Input { &quot;course&quot;: &quot;X&quot; }',
      'tool-result: +9 ms Tool result get_course_outline 4 ms Result Lesson 4: Retrieval-augmented generation',
      'request: +10 ms Model request #1 get_course_outline',
      'content: +40 ms Text Lesson 4 covers retrieval-augmented generation.',
      'stop: +42 ms Stopped completed',
    ]);
  });

  it('draws a call, the status line shown while it ran, then its result: in the order they happened', () => {
    // Recorded from a turn that stopped on three failed calls in a row (its last call).
    const html = renderTimeline(
      buildTurnReport({
        stopReason: 'consecutive_errors',
        timeline: [
          { atMs: 35, type: 'request', index: 2, tools: ['database_query'] },
          {
            atMs: 41,
            type: 'tool-start',
            toolCallId: 'toolu_3',
            name: 'database_query',
            input: { sql: 'SELECT 3' },
          },
          { atMs: 41, type: 'status', message: 'Using Database Query...' },
          {
            atMs: 42,
            type: 'tool-result',
            toolCallId: 'toolu_3',
            name: 'database_query',
            output: 'connection refused',
            isError: true,
            durationMs: 1,
          },
          {
            atMs: 42,
            type: 'error',
            code: 'tool_error',
            message: 'connection refused',
            toolName: 'database_query',
          },
          { atMs: 42, type: 'status', message: 'Stopped: 3 tool calls failed in a row' },
          { atMs: 42, type: 'stop', stopReason: 'consecutive_errors' },
        ],
      }),
    );

    expect(toReadableLines(html)).toEqual([
      'request: +35 ms Model request #2 database_query',
      'tool: +41 ms Tool call database_query Input { &quot;sql&quot;: &quot;SELECT 3&quot; }',
      'status: +41 ms Status Using Database Query...',
      'tool-result: +42 ms Tool result database_query 1 ms error Error result connection refused',
      'error: +42 ms Error tool_error in database_query connection refused',
      'status: +42 ms Status Stopped: 3 tool calls failed in a row',
      'stop: +42 ms Stopped consecutive_errors',
    ]);
  });

  it('marks a failed tool call as an error', () => {
    const html = renderTimeline(
      buildTurnReport({
        timeline: [
          { atMs: 1, type: 'tool-start', toolCallId: 'a', name: 'search', input: {} },
          {
            atMs: 2,
            type: 'tool-result',
            toolCallId: 'a',
            name: 'search',
            output: 'boom',
            isError: true,
            durationMs: 1,
          },
        ],
      }),
    );

    expect(html).toContain('<li class="event event-tool-result is-error">');
    expect(html).toContain('<div class="io-label">Error result</div><pre class="io-result">boom</pre>');
  });

  it('says when a tool call never answered, and draws a result whose start is missing', () => {
    const html = renderTimeline(
      buildTurnReport({
        timeline: [
          { atMs: 1, type: 'tool-start', toolCallId: 'a', name: 'hang', input: {} },
          {
            atMs: 2,
            type: 'tool-result',
            toolCallId: 'b',
            name: 'orphan',
            output: 'late',
            isError: false,
            durationMs: 7,
          },
        ],
      }),
    );

    expect(toReadableLines(html)).toEqual([
      'tool: +1 ms Tool call hang no result Input {} Result The turn ended before this call answered.',
      'tool-result: +2 ms Tool result orphan 7 ms Result late',
      'stop: +42 ms Stopped completed',
    ]);
  });

  it('adds the stop reason from the turn when the timeline has no stop entry', () => {
    const html = renderTimeline(
      buildTurnReport({ stopReason: 'timeout', durationMs: 120_000, timeline: [] }),
    );

    expect(html).toBe(
      '<ol class="timeline"><li class="event event-stop tone-failed"><span class="event-time">+2m 00s</span><div class="event-body"><div class="stop-marker"><span class="event-kind">Stopped</span> <span class="stop-reason">timeout</span></div></div></li></ol>',
    );
  });

  it('folds long thinking away behind a preview', () => {
    const thinking = `${'Let me think. '.repeat(30)}Done.`;
    const html = renderTimeline(
      buildTurnReport({ timeline: [{ atMs: 0, type: 'thinking', text: thinking }] }),
    );

    expect(html).toContain(
      '<details class="fold"><summary><span class="event-kind">Thinking</span> <span class="preview">Let me think.',
    );
    expect(html).toContain('Done.</div></details>');
  });

  it('shows a short thinking block open', () => {
    const html = renderTimeline(
      buildTurnReport({ timeline: [{ atMs: 0, type: 'thinking', text: 'Short.' }] }),
    );

    expect(html).toContain('<div class="prose">Short.</div>');
    expect(html).not.toContain('<details');
  });
});
