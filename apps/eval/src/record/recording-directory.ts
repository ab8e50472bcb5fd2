import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The index file of a recording; its `format` field names the format. */
export const recordingIndexFile = 'recording.json';
/** The `format` every recording's index names. */
export const recordingFormatName = 'toolloop-recording';

/** Where a scenario file's recording is: a directory beside it, `<name>.recording/`. */
export function recordingDirectoryOf(scenarioFile: string): string {
  return join(dirname(scenarioFile), `${basename(scenarioFile).replace(/\.ya?ml$/u, '')}.recording`);
}

/** Whether the scenario file has a recording. */
export async function hasRecording(scenarioFile: string): Promise<boolean> {
  return stat(join(recordingDirectoryOf(scenarioFile), recordingIndexFile)).then(
    () => true,
    () => false,
  );
}
