import type { LoopEvent, LoopResult, ModelRequest } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { toTimeline, type TimedEvent } from './to-timeline.js';

function request(tools: string[] = []): ModelRequest {
  return {
    messages: [],
    tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })),
    signal: new AbortController().signal,
  };
}

function timed(atMs: number, event: LoopEvent): TimedEvent {
  return { atMs, event };
}

const noUsage = { inputTokens: 0, outputTokens: 0 };
const result: LoopResult = {
  stopReason: 'completed',
  text: '',
  messages: [],
  toolCalls: [],
  rounds: 0,
  iterations: 1,
  usage: noUsage,
  statusUsage: noUsage,
  durationMs: 0,
  sessionToolCalls: 0,
  sessionTokens: 0,
};
const done: LoopEvent = { type: 'done', result };

describe('toTimeline', () => {
  it('keeps the events in the order the loop emitted them, whatever their times', () => {
    const timeline = toTimeline({
      events: [
        timed(3, { type: 'tool-start', toolCallId: 'a', name: 'query', input: {}, round: 0 }),
        timed(3, { type: 'status', message: 'Using Query...' }),
        timed(3, {
          type: 'tool-result',
          toolCallId: 'a',
          name: 'query',
          output: { content: [{ type: 'text', text: 'refused' }] },
          isError: true,
          executed: true,
          round: 0,
          durationMs: 0,
        }),
        timed(3, { type: 'status', message: 'Stopped: 3 tool calls failed in a row' }),
        timed(3, done),
      ],
      requests: [],
    });

    expect(timeline.map((entry) => entry.type)).toEqual([
      'tool-start',
      'status',
      'tool-result',
      'status',
      'stop',
    ]);
  });

  it('places each request after the events before it, and caps their read times at the request’s', () => {
    const timeline = toTimeline({
      events: [
        // Read at 24 ms, but emitted before the request made at 13 ms.
        timed(24, { type: 'status', message: 'Analyzing request...' }),
        timed(30, { type: 'content', text: 'Hel' }),
        timed(31, { type: 'content', text: 'lo' }),
        timed(32, done),
      ],
      requests: [{ request: request(['query']), atMs: 13, eventsBefore: 1 }],
    });

    expect(timeline).toEqual([
      { atMs: 13, type: 'status', message: 'Analyzing request...' },
      { atMs: 13, type: 'request', index: 0, tools: ['query'] },
      { atMs: 30, type: 'content', text: 'Hello' },
      { atMs: 32, type: 'stop', stopReason: 'completed' },
    ]);
  });

  it('does not join text across a request, and puts a request counted past the end before the stop', () => {
    const timeline = toTimeline({
      events: [
        timed(1, { type: 'content', text: 'a' }),
        timed(5, { type: 'content', text: 'b' }),
        timed(6, done),
      ],
      requests: [
        { request: request(), atMs: 2, eventsBefore: 1 },
        { request: request(), atMs: 6, eventsBefore: 3 },
      ],
    });

    expect(timeline.map((entry) => (entry.type === 'content' ? entry.text : entry.type))).toEqual([
      'a',
      'request',
      'b',
      'request',
      'stop',
    ]);
  });
});
