import { dirname, resolve } from 'node:path';
import { mapBounded } from '../run/map-bounded.js';
import { throwIssues } from '../scenario/throw-issues.js';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load-scenario-file.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { ScenarioFileError, type ScenarioIssue } from '../scenario/scenario-file-error.js';

/**
 * Reads each scenario file as `validate` and `list` do (agent modules only from the project: the working
 * directory, the scenario's directory and the config file's; they run no code from elsewhere) and keeps of each
 * what `keep` takes. The problems of every file, with those `check` finds beside it (its recording's), are thrown
 * together once all are read: one `ScenarioFileError`, files relative to `cwd`, so a bad file never hides the
 * next one's problems.
 */
export async function loadEachScenarioFile<Kept>({
  files,
  cwd,
  defaults,
  configFile,
  keep,
  check = () => Promise.resolve([]),
}: {
  /** Relative to `cwd`. */
  files: readonly string[];
  cwd: string;
  defaults: ScenarioDefaults;
  /** The config file the run uses, if any: its directory is the project's too. */
  configFile: string | undefined;
  /** What is kept of a valid file: only that, so a large suite's parsed files are not all held at once. */
  keep: (scenario: LoadedScenario & { file: string }) => Kept;
  check?: (file: string) => Promise<ScenarioIssue[]>;
}): Promise<Kept[]> {
  const agentScope = configFile === undefined ? [cwd] : [cwd, dirname(configFile)];
  const outcomes = await mapBounded(
    files,
    async (file): Promise<{ type: 'valid'; kept: Kept } | { type: 'invalid'; issues: ScenarioIssue[] }> => {
      try {
        const loaded = await loadScenarioFile(resolve(cwd, file), { cwd, defaults, agentScope });
        const issues = await check(file);
        return issues.length > 0
          ? { type: 'invalid', issues }
          : { type: 'valid', kept: keep({ ...loaded, file }) };
      } catch (error) {
        if (ScenarioFileError.isInstance(error)) return { type: 'invalid', issues: error.issues };
        throw error;
      }
    },
  );
  throwIssues({
    cwd,
    issues: outcomes.flatMap((outcome) => (outcome.type === 'invalid' ? outcome.issues : [])),
  });
  return outcomes.flatMap((outcome) => (outcome.type === 'valid' ? [outcome.kept] : []));
}
