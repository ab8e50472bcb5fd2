import { describe, expect, it } from 'vitest';
import { buildScenarioResult } from '../report/test-support/build-run-report.js';
import { createRecordingLog } from './create-recording-log.js';

describe('createRecordingLog', () => {
  it('names each recording written, with paths escaped: a file name cannot drive the terminal or add a line', async () => {
    let output = '';
    const log = createRecordingLog({ write: (text) => void (output += text) });
    const file = 'l\u001b[2J\u001b]0;T\u0007\nWrote forged.yaml';
    await log.onScenarioEnd?.(
      buildScenarioResult({ file, recording: { type: 'written', directory: 'l\u001b[2J.recording' } }),
      { order: 0 },
    );
    await log.onRunEnd?.({
      summary: { total: 1, passed: 1, failed: 0, skipped: 0, durationMs: 1, flaky: 0 },
      scenarios: [],
    });

    expect(output).toBe(
      'Wrote l\\u001b[2J.recording/  the recording of l\\u001b[2J\\u001b]0;T\\u0007\\nWrote forged.yaml\n',
    );
  });

  it('names the recordings of 200,000 scenarios (more than a call takes as arguments)', async () => {
    let output = '';
    const log = createRecordingLog({ write: (text) => void (output += text) });
    for (let order = 0; order < 200_000; order++)
      await log.onScenarioEnd?.(
        buildScenarioResult({
          file: `s-${order}.yaml`,
          recording: { type: 'written', directory: `s-${order}.recording` },
        }),
        { order },
      );
    await log.onRunEnd?.({
      summary: { total: 200_000, passed: 200_000, failed: 0, skipped: 0, durationMs: 1, flaky: 0 },
      scenarios: [],
    });

    const lines = output.split('\n');
    // Every directory padded to the longest, `s-199999.recording/`.
    expect(lines[0]).toBe(`Wrote ${'s-0.recording/'.padEnd(19)}  the recording of s-0.yaml`);
    expect(lines.at(-2)).toBe('Wrote s-199999.recording/  the recording of s-199999.yaml');
  });
});
