import { readdir, stat } from 'node:fs/promises';
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

/**
 * `hasRecording` for a run that writes no recordings (no live run, no `--update`): each directory is listed once,
 * and only a scenario whose `<name>.recording` entry is there has its index looked for, so a suite of thousands of
 * scenarios without recordings costs one listing per directory, not a file system lookup per scenario.
 */
export function createRecordingLookup(): (scenarioFile: string) => Promise<boolean> {
  const listings = new Map<string, Promise<ReadonlySet<string>>>();
  const entriesOf = (directory: string) => {
    let listing = listings.get(directory);
    if (listing === undefined) {
      listing = readdir(directory).then(
        (names) => new Set(names),
        () => new Set<string>(),
      );
      listings.set(directory, listing);
    }
    return listing;
  };
  return async (scenarioFile) => {
    const recordingDirectory = recordingDirectoryOf(scenarioFile);
    const entries = await entriesOf(dirname(recordingDirectory));
    return entries.has(basename(recordingDirectory)) && hasRecording(scenarioFile);
  };
}
