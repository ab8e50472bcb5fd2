import { describeScenarios } from '@toolloop/eval/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

/** Listening TCP servers of this process: the fake LLM a `describeScenarios` call serves is one. */
function countListeningServers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
}

/**
 * Resolves once the event loop has run its close phase: a server's `close` callback comes before libuv releases
 * its handle, which happens in the close phase of the loop's iteration (after the check phase of `setImmediate`).
 */
async function passClosePhase(): Promise<void> {
  for (let iteration = 0; iteration < 2; iteration++) await new Promise((resolve) => setImmediate(resolve));
}

describe('describeScenarios', () => {
  let before = 0;
  let during: number | undefined;

  beforeAll(() => {
    before = countListeningServers();
  });

  afterEach(({ task }) => {
    if (task.name === 'echo once') during = countListeningServers();
  });

  describeScenarios('fixtures/passing/echo.yaml', { name: 'inside a suite of the test file' });

  it('serves its scenarios from one fake LLM while they run and closes it after them', async () => {
    await passClosePhase();

    expect({ during, after: countListeningServers() }).toEqual({ during: before + 1, after: before });
  });
});

describe('describeScenarios with options', () => {
  const ran: Array<{ name: string; concurrent: boolean | undefined; timeout: number }> = [];

  afterEach(({ task }) => {
    ran.push({ name: task.name, concurrent: task.concurrent, timeout: task.timeout });
  });

  describeScenarios(['passing/plain.yaml', 'passing/two-turns.yaml'], {
    cwd: `${import.meta.dirname}/fixtures`,
    name: 'concurrent, with a timeout',
    concurrent: true,
    timeout: 12_345,
  });

  it('makes concurrent tests with that timeout, paths starting at cwd', () => {
    expect(ran.sort((left, right) => left.name.localeCompare(right.name))).toEqual([
      { name: 'plain answer', concurrent: true, timeout: 12_345 },
      { name: 'two turns', concurrent: true, timeout: 12_345 },
    ]);
  });
});

describe('describeScenarios with agents', () => {
  // Each passes only when the agent runs: its local tool answers, its system prompt and round cap apply.
  describeScenarios('fixtures/agents/mocked-shout.yaml', { name: 'the agent a scenario names' });
  describeScenarios('fixtures/agents/default-agent-shouts.yaml', {
    name: 'the default agent',
    defaults: { agent: 'fixtures/agents/shouting-agent.ts' },
  });
});

describe('describeScenarios with a command server', () => {
  // Passes only when the server's relative paths start at its scenario file, not at this test file's directory:
  // the same scenario passes from the command line (relative-paths.test.ts).
  describeScenarios('fixtures/relative-server/uses-a-command-server.yaml', {
    name: 'paths relative to the scenario file',
  });
});

describe('describeScenarios with a recording', () => {
  // A scenario with no `llm` steps whose answers are its recording, made on another day: its agent's system
  // prompt holds today's date, which the scenario redacts (`redact.bodyFields`).
  describeScenarios('scenarios/agents/dated-support-agent-replayed.yaml', {
    cwd: `${import.meta.dirname}/../../..`,
    name: 'replays it, leaving the redacted fields out of the drift check',
  });
});
