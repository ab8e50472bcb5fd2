import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedModel } from '@toolloop/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioServer } from '../scenario/scenario-schema.js';
import { startScenarioServers } from './start-scenario-servers.js';

/** A stdio mock whose tool crashes the server on its first attempt and answers after the restart. */
const flaky = {
  transport: 'stdio',
  tools: [
    {
      name: 'get_status',
      inputSchema: { type: 'object' },
      responses: [{ match: { attempt: 1 }, crash: true }, { text: 'api: healthy' }],
    },
  ],
} as ScenarioServer;

function start(workDirectory: string) {
  return startScenarioServers({
    workDirectory,
    servers: { flaky },
    samplingModel: createScriptedModel({ text: 'unused' }),
    onElicitation: () => ({ action: 'cancel' }),
    cwd: '/',
  });
}

function callStatus(servers: Awaited<ReturnType<typeof startScenarioServers>>, attempt: number) {
  return servers.source!.callTool({
    toolCallId: `call-${attempt}`,
    name: 'get_status',
    input: { attempt },
    signal: new AbortController().signal,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startScenarioServers', () => {
  it('gives each run its own stdio spec file, so a run ending in the same millisecond leaves the other able to restart its server', async () => {
    // Runs of one scenario (its wires, --repeat) start together: the same server name at the same clock reading.
    vi.spyOn(Date, 'now').mockReturnValue(1_796_179_698_522);
    const workDirectory = await mkdtemp(join(tmpdir(), 'scenario-servers-'));
    const first = await start(workDirectory);
    const second = await start(workDirectory);
    try {
      await expect(callStatus(first, 1)).rejects.toThrow(/closed the connection during the call/);
      await second.close();

      await expect(callStatus(first, 2)).resolves.toMatchObject({
        content: [{ type: 'text', text: 'api: healthy' }],
      });
      await first.close();
      expect(await readdir(workDirectory)).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await rm(workDirectory, { recursive: true, force: true });
    }
  });
});
