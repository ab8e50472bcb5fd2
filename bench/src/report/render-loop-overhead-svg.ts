import type { LoopOverheadResult } from '../loop-overhead/measure-loop-overhead.js';
import { formatDecimals, formatNumber } from './format-number.js';

const labelWidth = 190;
const chartWidth = 420;
const valueWidth = 130;
const rowHeight = 36;
const top = 40;
const bottom = 36;

/**
 * A horizontal bar chart of loop overhead as an SVG document: one bar per library at its median time per loop,
 * with a whisker from the min to the max, on one millisecond axis that starts at zero. Hand-written SVG, so
 * the chart needs no library and diffs as text.
 */
export function renderLoopOverheadSvg(result: LoopOverheadResult): string {
  const width = labelWidth + chartWidth + valueWidth;
  const height = top + result.contenders.length * rowHeight + bottom;
  const scaleMax = niceCeiling(Math.max(...result.contenders.map((contender) => contender.milliseconds.max)));
  const toX = (milliseconds: number): number => labelWidth + (milliseconds / scaleMax) * chartWidth;
  const rows = result.contenders.map((contender, index) => {
    const { median, min, max } = contender.milliseconds;
    const y = top + index * rowHeight;
    const middle = y + rowHeight / 2;
    const fill = contender.id === 'toolloop' ? '#2563eb' : contender.id === 'floor' ? '#6b7280' : '#9ca3af';
    return [
      `  <text x="${labelWidth - 10}" y="${middle + 4}" text-anchor="end">${escapeXml(contender.label)}</text>`,
      `  <rect x="${labelWidth}" y="${y + 8}" width="${round(toX(median) - labelWidth)}" height="${rowHeight - 16}" fill="${fill}"/>`,
      `  <line x1="${round(toX(min))}" y1="${middle}" x2="${round(toX(max))}" y2="${middle}" stroke="#111827"/>`,
      `  <line x1="${round(toX(min))}" y1="${middle - 6}" x2="${round(toX(min))}" y2="${middle + 6}" stroke="#111827"/>`,
      `  <line x1="${round(toX(max))}" y1="${middle - 6}" x2="${round(toX(max))}" y2="${middle + 6}" stroke="#111827"/>`,
      `  <text x="${labelWidth + chartWidth + 10}" y="${middle + 4}">${formatNumber(median)} ms (×${contender.overFloor.median.toFixed(2)})</text>`,
    ].join('\n');
  });
  const axisY = top + result.contenders.length * rowHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => {
    const x = round(labelWidth + fraction * chartWidth);
    return [
      `  <line x1="${x}" y1="${top}" x2="${x}" y2="${axisY}" stroke="#e5e7eb"/>`,
      `  <text x="${x}" y="${axisY + 16}" text-anchor="middle">${formatDecimals({ value: fraction * scaleMax, digits: 0 })}</text>`,
    ].join('\n');
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">
  <rect width="${width}" height="${height}" fill="#ffffff"/>
  <text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${result.rounds}-round tool loop (${result.requests} requests): median ms per loop, min–max whiskers</text>
${ticks.join('\n')}
${rows.join('\n')}
  <text x="${labelWidth + chartWidth / 2}" y="${axisY + 32}" text-anchor="middle">milliseconds per loop (${result.runs} interleaved runs; × = median ratio to the floor)</text>
</svg>
`;
}

/** The next round number at or above `value` (1, 2 or 5 times a power of ten), for the axis end. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((multiple) => multiple * power >= value) ?? 10;
  return step * power;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
