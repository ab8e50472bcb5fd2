import type { Summary } from '../stats/summarize.js';
import { formatNumber, formatRatio } from './format-number.js';

/** A summary as three table cells: median, min, max, with `digits` decimals. */
export function summaryCells(summary: Summary, digits = 1): [string, string, string] {
  return [
    formatNumber(summary.median, digits),
    formatNumber(summary.min, digits),
    formatNumber(summary.max, digits),
  ];
}

/** A summary of ratios as three table cells: median, min, max, as `1.23×`. */
export function ratioCells(summary: Summary): [string, string, string] {
  return [formatRatio(summary.median), formatRatio(summary.min), formatRatio(summary.max)];
}
