import type { Summary } from '../stats/summarize.js';
import { formatDecimals, formatRatio } from './format-number.js';

/** A summary as three table cells: median, min, max, with `digits` decimals (default 1). */
export function summaryCells({
  summary,
  digits = 1,
}: {
  summary: Summary;
  digits?: number;
}): [string, string, string] {
  return [
    formatDecimals({ value: summary.median, digits }),
    formatDecimals({ value: summary.min, digits }),
    formatDecimals({ value: summary.max, digits }),
  ];
}

/** A summary of ratios as three table cells: median, min, max, as `1.23×`. */
export function ratioCells(summary: Summary): [string, string, string] {
  return [formatRatio(summary.median), formatRatio(summary.min), formatRatio(summary.max)];
}
