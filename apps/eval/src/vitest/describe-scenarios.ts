import { dirname, relative, resolve } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentLoader, type AgentLoader } from '../agent/create-agent-loader.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import { findReplayMode } from '../run/find-replay-mode.js';
import { runScenario } from '../run/run-scenario.js';
import { findScenarioFiles } from '../scenario/find-scenario-files.js';
import { expandWires } from '../scenario/expand-wires.js';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load-scenario-file.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { ScenarioFileError } from '../scenario/scenario-file-error.js';
import { toScenarioError } from './to-scenario-error.js';

/** How `describeScenarios` finds, names and runs scenarios. */
export interface DescribeScenariosOptions {
  /** Where the paths start (a scenario's own paths start at its file). Default: the directory of the calling test file. */
  cwd?: string;
  /** The title of the suite around the scenarios. Default: the paths, joined with `, `. */
  name?: string;
  /** Only scenarios with at least one of these tags. */
  tags?: readonly string[];
  /** The time each scenario may take, in milliseconds. Default: vitest's `testTimeout`. */
  timeout?: number;
  /** Run the scenarios at once (vitest's `concurrent`); each has its own route on the shared fake LLM. */
  concurrent?: boolean;
  /**
   * What scenarios that do not say run with, as a config file's `agent`, `provider` and `model`: the agent
   * module (relative to `cwd`), the provider and the model. `loadConfigFile(path).defaults` gives a config's.
   */
  defaults?: ScenarioDefaults;
  /**
   * What the recordings leave out, as a config file's `redact` (`loadConfigFile(path).redaction`): a redacted
   * body field is not compared when a scenario replays its recording.
   */
  redaction?: RecordingRedaction;
}

/**
 * Turns scenario files into vitest tests, so they run in an existing vitest setup with its watch mode, `-t`
 * filters and reporters: one suite around them, a `describe` per file (titled with its path) and an `it` per
 * scenario (titled with its name; `skip: true` makes it `it.skip`, `only: true` makes it `it.only`). A failed
 * expectation throws a `ScenarioAssertionError` whose message names the field path (`turns[0].expect.rounds`)
 * and whose `expected`/`actual` are the values the command line diffs. A file that is not a valid scenario, or a
 * path that matches nothing, becomes a test named after it that fails with every `file:line:column` problem.
 *
 * One fake LLM serves the scenarios of a call: it starts in `beforeAll` and is closed in `afterAll`, with every
 * mock MCP server a scenario started closed when that scenario ends.
 *
 * @example
 * // agent.test.ts: paths are relative to this file
 * describeScenarios(['scenarios/*.yaml']);
 */
export function describeScenarios(
  paths: string | readonly string[],
  options: DescribeScenariosOptions = {},
): void {
  const patterns = typeof paths === 'string' ? [paths] : [...paths];
  const cwd = options.cwd ?? testFileDirectory();
  const title = options.name ?? patterns.join(', ');
  const testOptions = options.timeout === undefined ? {} : { timeout: options.timeout };
  describe(title, options.concurrent === true ? { concurrent: true } : {}, async () => {
    const fake = createFakeLlm();
    let fakeUrl: string | undefined;
    beforeAll(async () => {
      fakeUrl = (await fake.serve()).url;
    });
    afterAll(async () => {
      await fake.close();
    });

    const files = await findScenarioFiles({ patterns, cwd }).catch((error: unknown) => {
      it(title, () => {
        // The message names the directory the paths start from.
        throw error;
      });
      return [];
    });
    // As in a `toolloop-eval run`: an agent module that several scenarios run is loaded once.
    const agents = createAgentLoader({ cwd });
    let routes = 0;
    for (const file of files) {
      const loaded = await load({ file, cwd, defaults: options.defaults ?? {}, agents });
      if (loaded instanceof Error) {
        it(file, () => {
          throw loaded;
        });
        continue;
      }
      if (!hasAnyTag(loaded.scenario.tags ?? [], options.tags)) continue;
      const runs = expandWires(loaded).map((run) => ({ ...run, routeId: `vitest-${routes++}` }));
      describe(file, () => {
        for (const { scenario, agent, routeId } of runs) {
          const test = scenario.skip === true ? it.skip : scenario.only === true ? it.only : it;
          test(scenario.name, testOptions, async () => {
            if (fakeUrl === undefined) throw new Error('The fake LLM of these scenarios did not start.');
            const scenarioFile = resolve(cwd, file);
            // As in a `toolloop-eval run`: a scenario with a recording replays it.
            const mode = await findReplayMode({
              scenarioFile,
              scenario,
              cwd,
              redaction: options.redaction ?? {},
            });
            const result = await runScenario({
              scenario,
              file,
              directory: dirname(scenarioFile),
              ...(mode === undefined ? {} : { mode }),
              cwd,
              fake,
              fakeUrl,
              routeId,
              // The agent's system prompt, tools and loop options: without them the scenario runs bare.
              ...(agent === undefined ? {} : { agent }),
            });
            const error = toScenarioError(result);
            if (error !== undefined) throw error;
          });
        }
      });
    }
    if (files.length > 0 && routes === 0 && (options.tags?.length ?? 0) > 0) {
      it(title, () => {
        throw new Error(
          `No scenario in ${patterns.join(', ')} has any of the tags ${options.tags?.join(', ') ?? ''}.`,
        );
      });
    }
  });
}

/**
 * The scenario in `file` with the agent it runs, or the error that says why it is not a valid one (paths
 * relative to `cwd`).
 */
async function load({
  file,
  cwd,
  defaults,
  agents,
}: {
  file: string;
  cwd: string;
  defaults: ScenarioDefaults;
  agents: AgentLoader;
}): Promise<LoadedScenario | Error> {
  try {
    const loaded = await loadScenarioFile(resolve(cwd, file), { cwd, defaults, agents });
    return { ...loaded, file };
  } catch (error) {
    if (!ScenarioFileError.isInstance(error))
      return error instanceof Error ? error : new Error(String(error));
    return new ScenarioFileError(
      error.issues.map((issue) => ({ ...issue, file: relative(cwd, resolve(cwd, issue.file)) })),
    );
  }
}

function hasAnyTag(tags: readonly string[], wanted: readonly string[] | undefined): boolean {
  return wanted === undefined || wanted.length === 0 || tags.some((tag) => wanted.includes(tag));
}

function testFileDirectory(): string {
  const testPath = expect.getState().testPath;
  if (testPath === undefined) {
    throw new Error(
      'describeScenarios could not tell which test file called it; pass `cwd` to say where the scenario paths start.',
    );
  }
  return dirname(testPath);
}
