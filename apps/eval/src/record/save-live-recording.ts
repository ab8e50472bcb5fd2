import { relative } from 'node:path';
import type { RecordingOutcome } from '../report/run-report.js';
import { scenarioModelOf } from '../run/scenario-providers.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { recoverRecordingDirectory } from './recover-recording-directory.js';
import { hasRecording, recordingDirectoryOf, type RecordingWireOption } from './recording-directory.js';
import type { RecordedModelExchange, Recording } from './recording.js';
import { redactExchange, redactToolCall, type RecordingRedaction } from './redact-recording.js';
import { withRecordingDirectoryLock } from './with-recording-directory-lock.js';
import { writeRecording } from './write-recording.js';

/**
 * Writes the recording of a live run that passed (`recorded`), keys and redacted fields removed, in place of the
 * scenario's older one. A run that failed (no `recorded`: an API that could not be reached, an expectation the
 * model missed) writes nothing and leaves the recording from before as it was. Says which it was.
 */
export async function saveLiveRecording({
  scenarioFile,
  wire,
  cwd,
  redaction,
  secrets,
  recorded,
}: RecordingWireOption & {
  scenarioFile: string;
  /** The run's directory: the outcome's `directory` is relative to it. */
  cwd: string;
  redaction: RecordingRedaction;
  secrets: readonly string[];
  recorded?: { scenario: Scenario; servers: Recording['servers']; turns: Recording['turns'] } | undefined;
}): Promise<RecordingOutcome> {
  const recordingDirectory = recordingDirectoryOf(scenarioFile, { wire });
  const directory = relative(cwd, recordingDirectory);
  const place = wire === undefined ? { directory } : { directory, wire };
  if (recorded === undefined) {
    // A recording an earlier record left aside when it was stopped is the one kept: it goes back in place.
    await withRecordingDirectoryLock({
      directory: recordingDirectory,
      action: () => recoverRecordingDirectory({ directory: recordingDirectory }),
    });
    return { type: 'kept', ...place, previous: await hasRecording(scenarioFile, { wire }) };
  }
  const { scenario, servers, turns } = recorded;
  await writeRecording({
    scenarioFile,
    wire,
    recording: {
      version: 1,
      scenario: scenario.name,
      provider: scenario.provider,
      model: scenarioModelOf(scenario),
      servers,
      turns: turns.map((turn) => {
        const redacted = (exchanges: readonly RecordedModelExchange[], fields: RecordingRedaction) =>
          exchanges.map((exchange) => redactExchange({ exchange, redaction: fields, secrets }));
        // The body fields name fields of the agent's requests; the runner writes its judges' and simulated user's
        // requests itself, and they are kept whole (their keys and configured headers still go).
        const sideRedaction = redaction.headers === undefined ? {} : { headers: redaction.headers };
        return {
          ...(turn.user === undefined ? {} : { user: turn.user }),
          models: redacted(turn.models, redaction),
          ...(turn.judges === undefined ? {} : { judges: redacted(turn.judges, sideRedaction) }),
          ...(turn.users === undefined ? {} : { users: redacted(turn.users, sideRedaction) }),
          toolCalls: turn.toolCalls.map((call) => redactToolCall({ call, secrets })),
        };
      }),
    },
  });
  return { type: 'written', ...place };
}
