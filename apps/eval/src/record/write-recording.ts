import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordingDirectoryOf, recordingFormatName, recordingIndexFile } from './recording-directory.js';
import { recordingFormatVersion, type Recording } from './recording.js';

/**
 * Writes a recording beside its scenario file, one file per request and per response, so that a diff of two
 * recordings reads like a diff of the conversation. The old recording is replaced whole, and only once the new
 * one is complete: a run that fails half-way leaves the old one as it was.
 */
export async function writeRecording({
  scenarioFile,
  recording,
}: {
  scenarioFile: string;
  recording: Recording;
}): Promise<string> {
  const directory = recordingDirectoryOf(scenarioFile);
  const staging = `${directory}.writing-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const index = {
    format: recordingFormatName,
    version: recordingFormatVersion,
    scenario: recording.scenario,
    provider: recording.provider,
    model: recording.model,
    servers: recording.servers,
    turns: recording.turns.map((turn) => ({
      user: turn.user,
      models: turn.models.length,
      toolCalls: turn.toolCalls.length,
    })),
  };
  await writeFile(join(staging, recordingIndexFile), `${JSON.stringify(index, null, 2)}\n`);
  for (const [turnIndex, turn] of recording.turns.entries()) {
    const turnDirectory = join(staging, `turn-${turnIndex + 1}`);
    await mkdir(turnDirectory);
    for (const [modelIndex, exchange] of turn.models.entries()) {
      const stem = join(turnDirectory, `model-${modelIndex + 1}`);
      await writeFile(`${stem}.request.json`, `${JSON.stringify(exchange.request, null, 2)}\n`);
      const { response } = exchange;
      if (response.type === 'stream') await writeFile(`${stem}.response.sse`, response.body);
      else await writeFile(`${stem}.error.json`, `${JSON.stringify(response, null, 2)}\n`);
    }
    if (turn.toolCalls.length > 0)
      await writeFile(
        join(turnDirectory, 'tool-calls.jsonl'),
        turn.toolCalls.map((call) => `${JSON.stringify(call)}\n`).join(''),
      );
  }
  await rm(directory, { recursive: true, force: true });
  await rename(staging, directory);
  return directory;
}
