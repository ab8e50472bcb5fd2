import type { Message } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import {
  assertHostsInvariants,
  checkHostsInvariants,
  type HostRunReport,
  type HostsEvidence,
} from '../src/hosts/check-hosts-invariants.js';
import { chargeTurn } from '../src/hosts/charge-turn.js';
import type { HostsResult } from '../src/hosts/measure-hosts.js';
import { renderHostsSection } from '../src/report/render-hosts-section.js';

/** The four messages of a whole turn: the message, its `charge` call, the call's result, the answer by `host`. */
function turn(text: string, host: string): Message[] {
  const id = chargeTurn.callId(text);
  return [
    { role: 'user', content: text },
    { role: 'assistant', content: [{ type: 'tool-call', id, name: 'charge', input: {} }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'charge',
          output: { content: [{ type: 'text', text: 'charged' }] },
          isError: false,
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: chargeTurn.answer(text, host) }] },
  ];
}

function report(host: string, texts: string[], overrides: Partial<HostRunReport> = {}): HostRunReport {
  return {
    host,
    killed: false,
    sent: texts.map((text) => ({ sessionId: 's1', text })),
    done: texts.map((text) => ({ sessionId: 's1', text, stopReason: 'completed', ms: 5 })),
    failed: [],
    ...overrides,
  };
}

/** Two hosts: h1-r1 killed while its second message was in flight (h2-r1 answered it), h2-r1 sending one. */
function evidence(): HostsEvidence {
  return {
    reports: [
      report('h1-r1', ['h1-r1-m0', 'h1-r1-m1'], {
        killed: true,
        done: [{ sessionId: 's1', text: 'h1-r1-m0', stopReason: 'completed', ms: 5 }],
      }),
      report('h2-r1', ['h2-r1-m0']),
    ],
    transcripts: [
      {
        sessionId: 's1',
        messages: [...turn('h1-r1-m0', 'h1-r1'), ...turn('h1-r1-m1', 'h2-r1'), ...turn('h2-r1-m0', 'h2-r1')],
      },
    ],
    runs: [
      { callId: 'charge-h1-r1-m0', host: 'h1-r1' },
      { callId: 'charge-h1-r1-m1', host: 'h1-r1' },
      { callId: 'charge-h2-r1-m0', host: 'h2-r1' },
    ],
    continuations: [],
  };
}

const broken = (found: ReturnType<typeof checkHostsInvariants>) =>
  found.invariants.filter(({ held }) => !held).map(({ name }) => name);

describe('checkHostsInvariants', () => {
  it('holds for whole turns, one run of each charge, and a killed host’s turn answered by another', () => {
    const found = checkHostsInvariants(evidence());
    expect(broken(found)).toEqual([]);
    expect(found.turns).toBe(3);
    expect(found.resumed).toEqual({ total: 1, byContinuation: 0, chargeElsewhere: 1 });
    expect(found.lostInFlight).toBe(0);
    expect(() => {
      assertHostsInvariants(found);
    }).not.toThrow();
  });

  it('allows only a killed host’s message in flight to be missing', () => {
    const inFlightLost = evidence();
    inFlightLost.transcripts = [
      { sessionId: 's1', messages: [...turn('h1-r1-m0', 'h1-r1'), ...turn('h2-r1-m0', 'h2-r1')] },
    ];
    inFlightLost.runs = inFlightLost.runs.filter(({ callId }) => callId !== 'charge-h1-r1-m1');
    expect(broken(checkHostsInvariants(inFlightLost))).toEqual([]);
    expect(checkHostsInvariants(inFlightLost).lostInFlight).toBe(1);

    const acknowledgedLost = evidence();
    acknowledgedLost.transcripts = [{ sessionId: 's1', messages: turn('h1-r1-m0', 'h1-r1') }];
    acknowledgedLost.runs = acknowledgedLost.runs.slice(0, 1);
    const found = checkHostsInvariants(acknowledgedLost);
    expect(broken(found)).toEqual(['no acknowledged message lost']);
    expect(found.invariants[0]?.detail).toBe('h2-r1-m0 (answered)');
  });

  it('names a message kept twice', () => {
    const twice = evidence();
    twice.transcripts = [...twice.transcripts, { sessionId: 's2', messages: turn('h2-r1-m0', 'h2-r1') }];
    const found = checkHostsInvariants(twice);
    expect(broken(found)).toEqual(['no message twice']);
    expect(() => {
      assertHostsInvariants(found);
    }).toThrow(
      'Hosts on several machines: an invariant was broken: no message twice (h2-r1-m0 kept 2 times)',
    );
  });

  it('names a charge run twice', () => {
    const chargedTwice = evidence();
    chargedTwice.runs = [...chargedTwice.runs, { callId: 'charge-h1-r1-m1', host: 'h2-r1' }];
    const found = checkHostsInvariants(chargedTwice);
    expect(broken(found)).toEqual(['no charge run twice']);
    expect(() => {
      assertHostsInvariants(found);
    }).toThrow('no charge run twice (charge-h1-r1-m1 ran 2 times (h1-r1, h2-r1))');
  });

  it('names an interleaved turn: another message between a call and its result', () => {
    const interleaved = evidence();
    const [first, second] = [turn('h1-r1-m1', 'h2-r1'), turn('h2-r1-m0', 'h2-r1')];
    interleaved.transcripts = [
      {
        sessionId: 's1',
        messages: [...turn('h1-r1-m0', 'h1-r1'), ...first.slice(0, 2), ...second, ...first.slice(2)],
      },
    ];
    const found = checkHostsInvariants(interleaved);
    expect(broken(found)).toEqual(['transcripts are whole turns']);
    expect(found.invariants.find(({ name }) => name === 'transcripts are whole turns')?.detail).toMatch(
      /^s1 at message 4: user h1-r1-m1, assistant call charge-h1-r1-m1, user h2-r1-m0, assistant call charge-h2-r1-m0; s1 at message 10: tool result charge-h1-r1-m1/u,
    );
  });

  it('names a turn that ended otherwise than completed, failed, or was continued without completing', () => {
    const unfinished = evidence();
    unfinished.reports = [
      ...unfinished.reports,
      report('h3-r1', [], {
        failed: [{ sessionId: 's1', text: 'h3-r1-m0', error: 'SessionBusyError: busy' }],
      }),
    ];
    unfinished.continuations = [{ sessionId: 's1', stopReason: 'max_tool_calls' }];
    const found = checkHostsInvariants(unfinished);
    expect(broken(found)).toEqual(['every turn completed']);
    expect(found.invariants.at(-1)?.detail).toBe(
      'h3-r1-m0 failed: SessionBusyError: busy; the turn under way in s1 ended max_tool_calls',
    );
  });
});

describe('renderHostsSection', () => {
  const result: HostsResult = {
    storeLatency: {
      warmupRuns: 5,
      runs: 50,
      stores: [
        { store: 'memory', turnMs: { p50: 0.5, p99: 1.25, max: 2 } },
        { store: 'postgres', turnMs: { p50: 4.5, p99: 9, max: 12.125 } },
      ],
      addedMs: { p50: 4, p99: 8 },
    },
    underLoad: {
      hosts: 2,
      sessions: 10,
      durationSeconds: 4,
      killEverySeconds: 2,
      kills: 1,
      turnsCompleted: 120,
      turnsPerSecond: { perHostMedian: 15, total: 30 },
      turnMs: { p50: 6, p99: 1100 },
      resumed: { total: 1, byContinuation: 0, chargeElsewhere: 1 },
      lostInFlight: 0,
      invariants: [
        { name: 'no acknowledged message lost', held: true, detail: 'held' },
        { name: 'no charge run twice', held: false, detail: 'charge-h1-r1-m1 ran 2 times (h1-r1, h2-r1)' },
      ],
    },
  };

  it('renders the method of each part, a table of each, and the invariants', () => {
    const section = renderHostsSection(result);
    expect(section).toContain('50 rounds after 5 warm-up turns each');
    expect(section).toContain(
      '2 host processes, each a `SessionManager` over one Postgres schema (`leaseTtlMs` 1 s), send messages one after another to random sessions of 10 for 4 s, while every 2 s a host',
    );
    const lines = section.split('\n');
    expect(lines.filter((line) => line.startsWith('| memory '))).toEqual([
      expect.stringMatching(/^\| memory +\| 0\.50 +\| 1\.25 +\| 2\.00 +\|$/u),
    ]);
    expect(
      lines.some((line) => /^\| postgres − memory, pair by pair \| 4\.00 +\| 8\.00 +\| — +\|$/u.test(line)),
    ).toBe(true);
    expect(section).toMatch(/\| turns per second, median host +\| 15\.0 +\|/u);
    expect(section).toMatch(/\| turn ms seen by the hosts, p99 +\| 1100\.00 +\|/u);
    expect(section).toMatch(/\| hosts killed and started again +\| 1 +\|/u);
    expect(section).toMatch(/\| no acknowledged message lost \| held +\|/u);
    expect(section).toContain(
      '| no charge run twice          | broken: charge-h1-r1-m1 ran 2 times (h1-r1, h2-r1) |',
    );
  });
});
