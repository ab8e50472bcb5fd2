import type { ScenarioIssue } from '../scenario/scenario-file-error.js';
import { readRecording } from './read-recording.js';
import { hasRecording } from './recording-directory.js';
import { RecordingFileError } from './recording-file-error.js';

/**
 * The problems of the recording beside a scenario file, read as a replay reads it; none when it has no
 * recording. Files are named relative to `cwd`.
 */
export async function checkRecording({
  scenarioFile,
  cwd,
}: {
  scenarioFile: string;
  cwd: string;
}): Promise<ScenarioIssue[]> {
  if (!(await hasRecording(scenarioFile))) return [];
  try {
    await readRecording(scenarioFile, { cwd });
    return [];
  } catch (error) {
    if (RecordingFileError.isInstance(error)) return error.issues;
    throw error;
  }
}
