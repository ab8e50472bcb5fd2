import { readdir, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import type { ScenarioProvider } from '../scenario/wires.js';

/** The index file of a recording; its `format` field names the format. */
export const recordingIndexFile = 'recording.json';
/** The `format` every recording's index names. */
export const recordingFormatName = 'toolloop-recording';

/** Which of a scenario file's recordings: that of one wire of a scenario with `wires`, else its only one. */
export interface RecordingWireOption {
  /** The wire of a scenario that names `wires` (the expanded scenario's `wire`). */
  wire?: ScenarioProvider | undefined;
}

/**
 * Where a scenario file's recording is: a directory beside it, `<name>.recording/`; for one wire of a scenario
 * that names `wires`, a directory of that wire's name in it, `<name>.recording/<wire>/`. So all the recordings
 * of one file are under the one directory that the scenario walk leaves out, and two files share a wire's
 * directory only when they share `<name>.recording/`, which is refused.
 */
export function recordingDirectoryOf(scenarioFile: string, { wire }: RecordingWireOption = {}): string {
  const directory = join(
    dirname(scenarioFile),
    `${basename(scenarioFile).replace(/\.ya?ml$/u, '')}.recording`,
  );
  return wire === undefined ? directory : join(directory, wire);
}

/**
 * What a directory that only a write of a recording uses holds: `writing`, the new recording as it is written;
 * `replaced`, the old one while the new one takes its place.
 */
export type RecordingWritePurpose = 'writing' | 'replaced';

/**
 * A directory beside a recording for one write, `<name>.recording.<purpose>-<pid>-<random>/`: the process id says
 * whose it is, the random part keeps two writes of one process apart, and the `.recording.` in the name keeps it
 * out of the scenarios a directory holds.
 */
export function writeDirectoryOf({
  directory,
  purpose,
}: {
  directory: string;
  purpose: RecordingWritePurpose;
}): string {
  return `${directory}.${purpose}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** What a name beside the recording `directory` is, when `writeDirectoryOf` made it. */
export function readWriteDirectoryName({
  directory,
  name,
}: {
  directory: string;
  name: string;
}): { purpose: RecordingWritePurpose; pid: number } | undefined {
  const prefix = `${basename(directory)}.`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(writing|replaced)-(\d+)-[0-9a-f]+$/u.exec(name.slice(prefix.length));
  if (match === null) return undefined;
  return { purpose: match[1] as RecordingWritePurpose, pid: Number(match[2]) };
}

/** Whether the scenario file has a recording (of the wire, for a scenario that names `wires`). */
export async function hasRecording(
  scenarioFile: string,
  options: RecordingWireOption = {},
): Promise<boolean> {
  return stat(join(recordingDirectoryOf(scenarioFile, options), recordingIndexFile)).then(
    () => true,
    () => false,
  );
}

/**
 * `hasRecording` for a run that writes no recordings (no live run, no `--update`): each directory is listed once,
 * and only a scenario whose `<name>.recording` entry is there has its index looked for, so a suite of thousands of
 * scenarios without recordings costs one listing per directory, not a file system lookup per scenario.
 */
export function createRecordingLookup(): (
  scenarioFile: string,
  options?: RecordingWireOption,
) => Promise<boolean> {
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
  return async (scenarioFile, options = {}) => {
    const recordingDirectory = recordingDirectoryOf(scenarioFile, options);
    const entries = await entriesOf(dirname(recordingDirectory));
    return entries.has(basename(recordingDirectory)) && hasRecording(scenarioFile, options);
  };
}
