import { describe, expect, it } from 'vitest';
import { summarize } from '../stats/summarize.js';
import type { WireOverheadEntry, WireOverheadResult } from '../wire-overhead/measure-wire-overhead.js';
import { wireLabels, type WireId } from '../wire-overhead/wire-id.js';
import { renderWireOverheadSection } from './render-wire-overhead-section.js';

function createEntry({
  wire,
  cpu,
  wall,
}: {
  wire: WireId;
  cpu: number[];
  wall: number[];
}): WireOverheadEntry {
  return {
    wire,
    label: wireLabels[wire],
    cpuRatio: summarize(cpu),
    wallRatio: summarize(wall),
    samples: {
      floor: { milliseconds: [], cpuMilliseconds: [] },
      toolloop: { milliseconds: [], cpuMilliseconds: [] },
    },
  };
}

const result: WireOverheadResult = {
  rounds: 10,
  requests: 11,
  warmupRuns: 3,
  runs: 3,
  wires: [
    createEntry({ wire: 'anthropic', cpu: [1.1, 1.2, 1.3], wall: [1.05, 1.1, 1.2] }),
    createEntry({ wire: 'ollama', cpu: [0.9, 1, 1.25], wall: [0.95, 1, 1.05] }),
  ],
};

describe('renderWireOverheadSection', () => {
  it("tables each wire's CPU and wall ratios to its floor, median, min and max, and the rounds they came from", () => {
    const table = renderWireOverheadSection(result).split('\n\n')[1];
    expect(table).toMatchInlineSnapshot(`
      "| wire (official SDK)                      | CPU × floor (median) | CPU × floor (min) | CPU × floor (max) | wall × floor (median) | wall × floor (min) | wall × floor (max) | rounds |
      | ---------------------------------------- | -------------------- | ----------------- | ----------------- | --------------------- | ------------------ | ------------------ | ------ |
      | Anthropic Messages (\`@anthropic-ai/sdk\`) | 1.20×                | 1.10×             | 1.30×             | 1.10×                 | 1.05×              | 1.20×              | 3      |
      | Ollama \`/api/chat\` (\`ollama\`)            | 1.00×                | 0.90×             | 1.25×             | 1.00×                 | 0.95×              | 1.05×              | 3      |"
    `);
  });

  it('says how many rounds, warm-ups and responses the figures come from', () => {
    expect(renderWireOverheadSection(result)).toContain(
      'the same 10-round tool loop (11 streamed responses, one trivial tool per round',
    );
    expect(renderWireOverheadSection(result)).toContain('run 3 warm-up runs each, then 3 rounds');
  });
});
