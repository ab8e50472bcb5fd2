import type { RecordingRedaction } from '../record/redact-recording.js';
import { readRecording } from '../record/read-recording.js';
import {
  hasRecording,
  recordingDirectoryOf,
  type RecordingWireOption,
} from '../record/recording-directory.js';
import type { ScenarioMode } from './scenario-mode.js';
import { addRedaction } from '../record/add-redaction.js';

/**
 * The replay of the recording beside `scenarioFile` (its wire's, for a scenario that names `wires`), read and
 * checked, with the config's `redaction` and the scenario's own `redact`; undefined when it has none.
 * `findRecording` tells whether there is one (default: a lookup of the recording's index file).
 */
export async function findReplayMode({
  scenarioFile,
  scenario,
  cwd,
  redaction,
  findRecording = hasRecording,
}: {
  scenarioFile: string;
  scenario: { wire?: RecordingWireOption['wire']; redact?: RecordingRedaction | undefined };
  cwd: string;
  redaction: RecordingRedaction;
  findRecording?: (scenarioFile: string, options: RecordingWireOption) => Promise<boolean>;
}): Promise<Extract<ScenarioMode, { type: 'replay' }> | undefined> {
  const { wire } = scenario;
  if (!(await findRecording(scenarioFile, { wire }))) return undefined;
  return {
    type: 'replay',
    recording: await readRecording(scenarioFile, { cwd, wire }),
    directory: recordingDirectoryOf(scenarioFile, { wire }),
    redaction: addRedaction(redaction, scenario.redact),
  };
}
