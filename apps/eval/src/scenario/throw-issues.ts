import { relative } from 'node:path';
import { formatScenarioIssue, ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

/** Throws the problems found in the files, if any: one `ScenarioFileError`, paths relative to `cwd`, no repeats. */
export function throwIssues({ cwd, issues }: { cwd: string; issues: readonly ScenarioIssue[] }): void {
  if (issues.length === 0) return;
  const relativeIssues = issues.map((issue) => ({ ...issue, file: relativeTo(cwd, issue.file) }));
  throw new ScenarioFileError(
    relativeIssues.filter(
      (issue, index) =>
        relativeIssues.findIndex((other) => formatScenarioIssue(other) === formatScenarioIssue(issue)) ===
        index,
    ),
  );
}

/** `file` relative to `cwd` when it is under it; as given otherwise. */
function relativeTo(cwd: string, file: string): string {
  return file.startsWith(`${cwd}/`) ? relative(cwd, file) : file;
}
