import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { formatFieldPath, readYamlDocument, type LocateField } from '@toolloop/mock-mcp/internal';
import { createAgentLoader, type AgentLoader } from '../agent/create-agent-loader.js';
import { checkReplayFiles } from './check-replay-files.js';
import { checkScenarioAgent, type LoadedAgent } from './check-scenario-agent.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';
import { applyScenarioDefaults, type ScenarioDefaults } from './scenario-defaults.js';
import { scenarioSchema, type Scenario } from './scenario-schema.js';
import { toScenarioIssues } from './to-scenario-issues.js';

/** The largest scenario file read: scenarios are hand-written; recordings they replay have their own limit. */
const maxScenarioFileBytes = 4 * 1024 * 1024;

/** A scenario read from its file, valid. */
export interface LoadedScenario {
  file: string;
  scenario: Scenario;
  /** The agent under test, when the scenario (or the config file's default) names one. */
  agent?: LoadedAgent;
  /** The agent module the scenario runs, when `agentScope` left it unloaded: it is outside the project. */
  agentNotLoaded?: string;
}

/**
 * Reads and validates one scenario file (YAML, or JSON, which YAML reads too), and checks that every `replay`
 * recording is a regular file of at most 16 MiB under the file's directory or `cwd` (default: the current
 * directory). A scenario that runs an agent has its module loaded (through `agents`, which loads each module
 * once) and checked against it. `defaults` fill in what the file does not say. Throws `ScenarioFileError`
 * listing every problem with its line, column and field path (or the agent module's file and line).
 */
export async function loadScenarioFile(
  file: string,
  {
    cwd = process.cwd(),
    defaults = {},
    agents = createAgentLoader({ cwd }),
    agentScope,
  }: {
    cwd?: string;
    defaults?: ScenarioDefaults;
    agents?: AgentLoader;
    /**
     * Load the agent module only when it is under one of these directories or the scenario file's own (what
     * `validate` and `list` do: they run no code from outside the project). Default: wherever it is.
     */
    agentScope?: readonly string[];
  } = {},
): Promise<LoadedScenario> {
  let text: string;
  try {
    // A device or a huge file is refused before it is read: /dev/zero would never end.
    const stats = await stat(file);
    if (!stats.isFile()) {
      throw new ScenarioFileError([
        { file, path: '(root)', message: 'not a regular file; a scenario is a YAML or JSON file.' },
      ]);
    }
    if (stats.size > maxScenarioFileBytes) {
      throw new ScenarioFileError([
        {
          file,
          path: '(root)',
          message: `the file has ${stats.size} bytes; a scenario file may have at most ${maxScenarioFileBytes} (4 MiB).`,
        },
      ]);
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof ScenarioFileError) throw error;
    throw new ScenarioFileError([
      { file, path: '(root)', message: `cannot read the file: ${(error as Error).message}` },
    ]);
  }
  const { scenario, locate } = readScenario({ text, file, defaults });
  const problems = await checkReplayFiles({ scenario, file, cwd });
  const checked = await checkScenarioAgent({
    scenario,
    file,
    defaultAgent: defaults.agent === undefined ? undefined : resolve(cwd, defaults.agent),
    loader: agents,
    scope: agentScope,
  });
  const issues: ScenarioIssue[] = [
    ...problems.map(({ path, message }) => ({ path, message, target: 'value' as const })),
    ...checked.problems.flatMap((problem) => (problem.kind === 'field' ? [problem] : [])),
  ].map(({ path, message, target }) => {
    const position = locate({ path, target });
    return { file, path: formatFieldPath(path), message, ...position };
  });
  issues.push(...checked.problems.flatMap((problem) => (problem.kind === 'module' ? [problem.issue] : [])));
  if (issues.length > 0) throw new ScenarioFileError(issues);
  if (checked.notLoaded !== undefined) return { file, scenario, agentNotLoaded: checked.notLoaded };
  return checked.agent === undefined ? { file, scenario } : { file, scenario, agent: checked.agent };
}

/**
 * Validates scenario text; `file` names it in errors. The text alone cannot say whether `replay` recordings
 * exist: `loadScenarioFile` checks them.
 */
export function parseScenarioText({ text, file }: { text: string; file: string }): Scenario {
  return readScenario({ text, file, defaults: {} }).scenario;
}

function readScenario({ text, file, defaults }: { text: string; file: string; defaults: ScenarioDefaults }): {
  scenario: Scenario;
  locate: LocateField;
} {
  const read = readYamlDocument({
    text,
    expected: 'a scenario: a mapping with at least `name` and `turns`',
  });
  if (!read.success) throw new ScenarioFileError(read.issues.map((issue) => ({ file, ...issue })));
  const parsed = scenarioSchema.safeParse(applyScenarioDefaults(read.value, defaults), {
    reportInput: true,
    // Without zod's compiled fast path, made for each object schema on its first parse in the process: a few
    // files never pay it back (5 files: 27 to 20 ms of CPU), and scenarios differ too much for it to win even at
    // 1,000 generated ones (no slower without it).
    jitless: true,
  });
  if (parsed.success) return { scenario: parsed.data, locate: read.locate };
  throw new ScenarioFileError(
    toScenarioIssues({
      issues: parsed.error.issues,
      file,
      locate: (path, target) => read.locate({ path, target }),
    }),
  );
}
