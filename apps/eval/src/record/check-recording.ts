import type { ScenarioIssue } from '../scenario/scenario-file-error.js';
import { scenarioProviderNames, type ScenarioProvider } from '../scenario/wires.js';
import { readRecording } from './read-recording.js';
import { hasRecording } from './recording-directory.js';
import { RecordingFileError } from './recording-file-error.js';

/**
 * The problems of the recordings beside a scenario file, each read as a replay reads it: its own
 * (`name.recording/`) and each wire's (`name.recording/<wire>/`); none when it has no recording. Files are named
 * relative to `cwd`.
 */
export async function checkRecording({
  scenarioFile,
  cwd,
}: {
  scenarioFile: string;
  cwd: string;
}): Promise<ScenarioIssue[]> {
  const issues: ScenarioIssue[] = [];
  for (const wire of [undefined, ...scenarioProviderNames])
    issues.push(...(await checkOne({ scenarioFile, cwd, wire })));
  return issues;
}

async function checkOne({
  scenarioFile,
  cwd,
  wire,
}: {
  scenarioFile: string;
  cwd: string;
  wire: ScenarioProvider | undefined;
}): Promise<ScenarioIssue[]> {
  if (!(await hasRecording(scenarioFile, { wire }))) return [];
  try {
    await readRecording(scenarioFile, { cwd, wire });
    return [];
  } catch (error) {
    if (RecordingFileError.isInstance(error)) return error.issues;
    throw error;
  }
}
