import { describe, expect, it } from 'vitest';
import { measureCliStart } from './measure-cli-start.js';

describe('measureCliStart', () => {
  it("gives each command's own peak memory, not the memory of the process that started it", async () => {
    // The benchmark's process holds 400 MB while it starts the commands: on Linux a started process's
    // `maxRSS` counts its parent's pages up to the moment it runs its own program.
    const held = Buffer.alloc(400 * 1024 * 1024, 1);

    const result = await measureCliStart({ warmupRuns: 0, runs: 1 });

    expect(held.length).toBe(400 * 1024 * 1024);
    for (const { command, peakRssMegabytes } of result.commands) {
      expect(peakRssMegabytes.max, command).toBeGreaterThan(20);
      expect(peakRssMegabytes.max, command).toBeLessThan(300);
    }
  });
});
