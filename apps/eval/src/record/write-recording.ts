import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  recordingDirectoryOf,
  recordingFormatName,
  recordingIndexFile,
  writeDirectoryOf,
  type RecordingWireOption,
} from './recording-directory.js';
import { exchangeKinds, type Recording, type RecordingFormatVersion } from './recording.js';
import { streamExtensionOf } from './stream-formats.js';
import { replaceRecordingDirectory } from './replace-recording-directory.js';

/**
 * Writes a recording beside its scenario file (`wire`: that wire's, of a scenario that names `wires`), one file per
 * request and per response, so that a diff of two recordings reads like a diff of the conversation. The new
 * recording is written aside, in a directory of its own (`<name>.recording.writing-<pid>-<random>/`), and replaces
 * the old one whole only once it is complete: a write that fails or is stopped half-way leaves a complete recording,
 * the old one. Several writes of one recording at once each write their own; the last to finish is the one left in
 * place.
 */
export async function writeRecording({
  scenarioFile,
  wire,
  recording,
}: {
  scenarioFile: string;
  recording: Recording;
} & RecordingWireOption): Promise<string> {
  const directory = recordingDirectoryOf(scenarioFile, { wire });
  const staging = writeDirectoryOf({ directory, purpose: 'writing' });
  // A wire's recording is written in `<name>.recording/`, which its first recording makes.
  await mkdir(dirname(staging), { recursive: true });
  await mkdir(staging);
  try {
    await writeFiles({ staging, recording });
    await replaceRecordingDirectory({ directory, replacement: staging });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return directory;
}

/** The files of a recording, into the directory it is written in. */
async function writeFiles({ staging, recording }: { staging: string; recording: Recording }): Promise<void> {
  const index = {
    format: recordingFormatName,
    version: formatVersionOf(recording),
    scenario: recording.scenario,
    provider: recording.provider,
    model: recording.model,
    servers: recording.servers,
    turns: recording.turns.map((turn) => ({
      user: turn.user,
      models: turn.models.length,
      ...(turn.judges === undefined ? {} : { judges: turn.judges.length }),
      ...(turn.users === undefined ? {} : { users: turn.users.length }),
      toolCalls: turn.toolCalls.length,
    })),
  };
  await writeFile(join(staging, recordingIndexFile), `${JSON.stringify(index, null, 2)}\n`);
  for (const [turnIndex, turn] of recording.turns.entries()) {
    const turnDirectory = join(staging, `turn-${turnIndex + 1}`);
    await mkdir(turnDirectory);
    for (const [kind, name] of Object.entries(exchangeKinds) as Array<[keyof typeof exchangeKinds, string]>) {
      for (const [exchangeIndex, exchange] of (turn[kind] ?? []).entries()) {
        const stem = join(turnDirectory, `${name}-${exchangeIndex + 1}`);
        await writeFile(`${stem}.request.json`, `${JSON.stringify(exchange.request, null, 2)}\n`);
        const { response } = exchange;
        if (response.type === 'stream')
          await writeFile(`${stem}.response.${streamExtensionOf(response.contentType)}`, response.body);
        else await writeFile(`${stem}.error.json`, `${JSON.stringify(response, null, 2)}\n`);
      }
    }
    if (turn.toolCalls.length > 0)
      await writeFile(
        join(turnDirectory, 'tool-calls.jsonl'),
        turn.toolCalls.map((call) => `${JSON.stringify(call)}\n`).join(''),
      );
  }
}

/**
 * The oldest format version that holds the recording: 3 when a turn has judges or a simulated user, else 1 when
 * every stream is server-sent events, else 2.
 */
function formatVersionOf(recording: Recording): RecordingFormatVersion {
  if (recording.turns.some((turn) => turn.judges !== undefined || turn.users !== undefined)) return 3;
  const sseOnly = recording.turns.every((turn) =>
    turn.models.every(
      ({ response }) => response.type !== 'stream' || streamExtensionOf(response.contentType) === 'sse',
    ),
  );
  return sseOnly ? 1 : 2;
}
