import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { serveFromFake } from './serve-from-fake.js';

/** A scenario answered by its own `llm` steps on the fake LLM, with its own servers; it writes nothing. */
export function createScriptedMode({ scenario, ...fake }: RunModeContext): RunMode {
  const served = serveFromFake(fake);
  return {
    source: 'script',
    steps: scenario.turns.flatMap((turn) => turn.llm),
    endpoint() {
      if (scenario.turns.every((turn) => turn.llm.length === 0))
        throw new Error(
          'This scenario has no `llm` steps and no recording: run it live (--live), or record it (toolloop-eval record).',
        );
      return served.endpoint();
    },
    servers: (servers) => ({ servers }),
    startTurn: served.startTurn,
    finish: () => Promise.resolve(undefined),
    secrets: () => [],
  };
}
