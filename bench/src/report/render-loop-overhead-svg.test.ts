import { describe, expect, it } from 'vitest';
import type { LoopOverheadResult } from '../loop-overhead/measure-loop-overhead.js';
import { niceCeiling, renderLoopOverheadSvg } from './render-loop-overhead-svg.js';

const summary = (median: number, min: number, max: number) => ({ median, min, max, count: 3 });

const result: LoopOverheadResult = {
  rounds: 10,
  requests: 11,
  warmupRuns: 1,
  runs: 3,
  contenders: [
    {
      id: 'floor',
      label: 'floor (bare SDK)',
      milliseconds: summary(20, 10, 40),
      overFloor: summary(1, 1, 1),
      cpuMilliseconds: summary(20, 10, 40),
      cpuOverFloor: summary(1, 1, 1),
      samples: [],
    },
    {
      id: 'toolloop',
      label: 'toolloop',
      milliseconds: summary(30, 25, 80),
      overFloor: summary(1.5, 1, 2),
      cpuMilliseconds: summary(30, 25, 80),
      cpuOverFloor: summary(1.5, 1, 2),
      samples: [],
    },
  ],
  toolloopOverPeers: [],
};

describe('renderLoopOverheadSvg', () => {
  it('draws one bar per library at its median on an axis ending at a round number', () => {
    const svg = renderLoopOverheadSvg(result);
    // Axis 0–100 ms over 420 px from x = 190: 20 ms is 84 px, 30 ms is 126 px.
    expect(svg).toContain('<rect x="190" y="48" width="84" height="20" fill="#6b7280"/>');
    expect(svg).toContain('<rect x="190" y="84" width="126" height="20" fill="#2563eb"/>');
    expect(svg).toContain('>100</text>');
  });

  it('draws a whisker from the min to the max', () => {
    // toolloop: 25 ms at x = 295, 80 ms at x = 526, on the row's middle line y = 94.
    expect(renderLoopOverheadSvg(result)).toContain(
      '<line x1="295" y1="94" x2="526" y2="94" stroke="#111827"/>',
    );
  });

  it('labels each bar with its median and its ratio to the floor, escaping the label', () => {
    const svg = renderLoopOverheadSvg({
      ...result,
      contenders: result.contenders.map((contender) => ({ ...contender, label: `${contender.label} <&>` })),
    });
    expect(svg).toContain('>toolloop &lt;&amp;&gt;</text>');
    expect(svg).toContain('>30.0 ms (×1.50)</text>');
  });

  it('is a standalone SVG document', () => {
    const svg = renderLoopOverheadSvg(result);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });
});

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0.7, 1, 1.2, 3, 7, 80, 101, 460].map(niceCeiling)).toEqual([1, 1, 2, 5, 10, 100, 200, 500]);
  });

  it('falls back to 1 for nothing to show', () => {
    expect(niceCeiling(0)).toBe(1);
  });
});
