import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../src/report/run-report.js';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures');

/** Each entry as one readable line: what a reader of the report sees, in order. */
function toLine(entry: TimelineEntry): string {
  switch (entry.type) {
    case 'status':
      return `status: ${entry.message}`;
    case 'request':
      return `request #${entry.index}`;
    case 'tool-start':
    case 'tool-result':
      return `${entry.type}: ${entry.name}`;
    case 'error':
      return `error: ${entry.code}`;
    case 'stop':
      return `stop: ${entry.stopReason}`;
    case 'thinking':
    case 'content':
    case 'warning':
      return entry.type;
    default: {
      const unexpected: never = entry;
      throw new Error(`Unknown timeline entry ${JSON.stringify(unexpected)}`);
    }
  }
}

async function timelineOf(file: string): Promise<TimelineEntry[]> {
  const { report } = await runScenarios({ paths: [join('timeline', file)], cwd: fixtures, concurrency: 1 });
  return report.scenarios[0]?.turns[0]?.timeline ?? [];
}

function isNonDecreasing(times: number[]): boolean {
  return times.every((time, index) => index === 0 || time >= (times[index - 1] ?? 0));
}

describe("a turn's timeline", () => {
  it('keeps the order things happened in: a call, its status line, its result, and the stop after the third failure', async () => {
    const timeline = await timelineOf('three-failures.yaml');
    const failedCall = [
      'tool-start: database_query',
      'status: Using Database Query...',
      'tool-result: database_query',
      'error: tool_error',
    ];

    expect(timeline.map(toLine)).toEqual([
      'status: Analyzing request...',
      'request #0',
      ...failedCall,
      'status: Tool Database Query failed, trying alternative approach...',
      'status: Processing tool results...',
      'request #1',
      ...failedCall,
      'status: Tool Database Query failed, trying alternative approach...',
      'status: Processing tool results...',
      'request #2',
      ...failedCall,
      'status: Stopped: 3 tool calls failed in a row',
      'error: consecutive_errors',
      'stop: consecutive_errors',
    ]);
    expect(isNonDecreasing(timeline.map((entry) => entry.atMs))).toBe(true);
  });

  it('places a status request where it was made: after the call it announces, before the sentence it writes', async () => {
    const timeline = await timelineOf('generated-status.yaml');

    expect(timeline.map(toLine)).toEqual([
      'status: Analyzing request...',
      'request #0',
      'thinking',
      'tool-start: get_weather',
      'status: Using Get Weather...',
      'request #1',
      'status: Looking up the weather...',
      'tool-result: get_weather',
      'status: Processing tool results...',
      'request #2',
      'status: Formulating response...',
      'content',
      'stop: completed',
    ]);
    expect(isNonDecreasing(timeline.map((entry) => entry.atMs))).toBe(true);
  });
});
