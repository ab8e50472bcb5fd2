import { collectRun } from '@toolloop/core/testing';
import { describe, expect, it } from 'vitest';
import { tourStops } from './tour-stops.js';

describe('the tool loop tour', () => {
  it.each(tourStops.map((stop) => [stop.title, stop] as const))('%s', async (_title, stop) => {
    const { result } = await collectRun(stop.start());

    expect(result.stopReason).toBe(stop.expected);
  });
});
