import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

function issuesOf(text: string): ScenarioIssue[] {
  try {
    parseScenarioText({ text, file: 'durations.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

const tooLong = 2_147_483_648;
const turns = 'turns: [{ user: Hi, llm: [{ text: Hello }] }]';
const timerMessage =
  'At most 2147483647 ms (about 24.8 days): Node.js timers wait no longer, and a longer delay would fire at once.';

describe('scenario files: durations past the longest timer', () => {
  // The loop's own options are refused as runToolLoop refuses them: the loop's schema is the scenario's.
  it.each([
    ['loop.timeoutMs', `name: x\nloop:\n  timeoutMs: ${tooLong}\n${turns}\n`, 3, 14],
    ['loop.toolTimeoutMs', `name: x\nloop:\n  toolTimeoutMs: ${tooLong}\n${turns}\n`, 3, 18],
  ])('rejects %s at its value, as the loop does', (path, text, line, column) => {
    expect(issuesOf(text)).toEqual([
      {
        file: 'durations.yaml',
        line,
        column,
        path,
        message: `expected milliseconds above 0 and at most 2147483647 (or Infinity), got ${tooLong}.`,
      },
    ]);
  });

  it.each([
    ['session.timeout_ms', `name: x\nsession:\n  timeout_ms: ${tooLong}\n${turns}\n`, 3, 15],
    ['session.tool_timeout_ms', `name: x\nsession:\n  tool_timeout_ms: ${tooLong}\n${turns}\n`, 3, 20],
  ])('rejects %s at its value, as the session config does', (path, text, line, column) => {
    expect(issuesOf(text)).toEqual([
      {
        file: 'durations.yaml',
        line,
        column,
        path,
        message: `expected milliseconds above 0 and at most 2147483647 (or Infinity), got ${tooLong}.`,
      },
    ]);
  });

  it.each([
    [
      'turns[0].llm[0].delayMs',
      `name: x\nturns:\n  - user: Hi\n    llm:\n      - delayMs: ${tooLong}\n`,
      5,
      18,
    ],
    [
      'turns[0].llm[0].chunkDelayMs',
      `name: x\nturns:\n  - user: Hi\n    llm:\n      - chunkDelayMs: ${tooLong}\n`,
      5,
      23,
    ],
    [
      'servers.mock.tools[0].responses[0].delayMs',
      `name: x\nservers:\n  mock:\n    tools:\n      - name: t\n        responses:\n          - { text: hi, delayMs: ${tooLong} }\n${turns}\n`,
      7,
      34,
    ],
    [
      'servers.mock.tools[0].responses[0].progress[0].delayMs',
      `name: x\nservers:\n  mock:\n    tools:\n      - name: t\n        responses:\n          - text: hi\n            progress: [{ progress: 1, delayMs: ${tooLong} }]\n${turns}\n`,
      8,
      48,
    ],
  ])('rejects %s at its value', (path, text, line, column) => {
    expect(issuesOf(text)).toEqual([{ file: 'durations.yaml', line, column, path, message: timerMessage }]);
  });

  it('rejects a retryAfter the client could not wait for', () => {
    expect(
      issuesOf(
        'name: x\nturns:\n  - user: Hi\n    llm:\n      - error: { status: 429, retryAfter: 2147484 }\n',
      ),
    ).toEqual([
      {
        file: 'durations.yaml',
        line: 5,
        column: 43,
        path: 'turns[0].llm[0].error.retryAfter',
        message:
          'At most 2147483.647 seconds (about 24.8 days): Node.js timers wait no longer, and a longer delay would fire at once.',
      },
    ]);
  });

  it('accepts the longest timer itself', () => {
    const text = `name: x\nloop: { timeoutMs: 2147483647 }\n${turns}\n`;
    expect(parseScenarioText({ text, file: 'durations.yaml' }).loop).toEqual({ timeoutMs: 2_147_483_647 });
  });
});
