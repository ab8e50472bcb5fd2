import { relative, resolve } from 'node:path';
import { recordingDirectoryOf } from '../record/recording-directory.js';
import type { ScenarioIssue } from './scenario-file-error.js';

/**
 * Scenario files whose recordings would be one directory: `refund.yaml` and `refund.yml` both record into
 * `refund.recording/`, as `data.json` and `data.json.yaml` into `data.json.recording/`. A record would write that
 * directory twice, and the scenario recorded first would then always drift; so each file after the first (in
 * the order given) is a problem that names the first. The recordings of a scenario's `wires` lie in its own
 * directory (`refund.recording/<wire>/`), so the files that share one of those are these same files.
 */
export function checkSharedRecordings({
  files,
  cwd,
}: {
  /** Relative to `cwd`. */
  files: readonly string[];
  cwd: string;
}): ScenarioIssue[] {
  const owners = new Map<string, string>();
  const issues: ScenarioIssue[] = [];
  for (const file of files) {
    const directory = recordingDirectoryOf(resolve(cwd, file));
    const owner = owners.get(directory);
    if (owner === undefined) owners.set(directory, file);
    else
      issues.push({
        file,
        path: '(root)',
        message: `its recording would be ${relative(cwd, directory)}/, the recording of ${owner} too: rename one of the two files.`,
      });
  }
  return issues;
}
