import { relative } from 'node:path';
import { formatScenarioIssue, ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

/** Throws the problems found in the files, if any: one `ScenarioFileError`, paths relative to `cwd`, no repeats. */
export function throwIssues({ cwd, issues }: { cwd: string; issues: readonly ScenarioIssue[] }): void {
  if (issues.length === 0) return;
  // Each issue written once and kept the first time its text comes: a large suite's thousands of issues are not
  // compared pair by pair.
  const seen = new Set<string>();
  const unique: ScenarioIssue[] = [];
  for (const issue of issues) {
    const relativeIssue = { ...issue, file: relativeTo(cwd, issue.file) };
    const text = formatScenarioIssue(relativeIssue);
    if (seen.has(text)) continue;
    seen.add(text);
    unique.push(relativeIssue);
  }
  throw new ScenarioFileError(unique);
}

/** `file` relative to `cwd` when it is under it; as given otherwise. */
function relativeTo(cwd: string, file: string): string {
  return file.startsWith(`${cwd}/`) ? relative(cwd, file) : file;
}
