import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { JsonValue } from '@toolloop/core';
import {
  recordingFormatVersion,
  type RecordedModelExchange,
  type RecordedModelResponse,
  type RecordedToolCall,
  type Recording,
} from './recording.js';

/** The name the index file of a recording carries; its `format` field names the format. */
const indexFile = 'recording.json';
const formatName = 'toolloop-recording';

/** Where a scenario file's recording is: a directory beside it, `<name>.recording/`. */
export function recordingDirectoryOf(scenarioFile: string): string {
  return join(dirname(scenarioFile), `${basename(scenarioFile).replace(/\.ya?ml$/u, '')}.recording`);
}

/** Whether the scenario file has a recording. */
export async function hasRecording(scenarioFile: string): Promise<boolean> {
  return stat(join(recordingDirectoryOf(scenarioFile), indexFile)).then(
    () => true,
    () => false,
  );
}

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
    format: formatName,
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
  await writeFile(join(staging, indexFile), `${JSON.stringify(index, null, 2)}\n`);
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

/** A recording that cannot be read: which file, and why. */
export class RecordingFileError extends Error {
  override readonly name = 'RecordingFileError';
}

/** Reads the recording beside a scenario file; a missing or damaged file is a `RecordingFileError` naming it. */
export async function readRecording(scenarioFile: string): Promise<Recording> {
  const directory = recordingDirectoryOf(scenarioFile);
  const index = asObject(await readJson(join(directory, indexFile)), join(directory, indexFile));
  const at = join(directory, indexFile);
  if (index.format !== formatName)
    throw new RecordingFileError(
      `${at}: "format" is ${JSON.stringify(index.format)}, expected "${formatName}".`,
    );
  if (index.version !== recordingFormatVersion)
    throw new RecordingFileError(
      `${at}: format version ${JSON.stringify(index.version)}; this runner reads version ${recordingFormatVersion}. Record it again (toolloop-eval record).`,
    );
  const turns = Array.isArray(index.turns) ? index.turns : [];
  const servers = asObject(index.servers ?? {}, at) as Record<string, JsonValue[]>;
  return {
    version: recordingFormatVersion,
    scenario: asString(index.scenario),
    provider: asString(index.provider),
    model: asString(index.model),
    servers,
    turns: await Promise.all(
      turns.map(async (entry, turnIndex) => {
        const turn = asObject(entry, at);
        const turnDirectory = join(directory, `turn-${turnIndex + 1}`);
        const models: RecordedModelExchange[] = [];
        for (let modelIndex = 1; modelIndex <= Number(turn.models); modelIndex += 1) {
          const stem = join(turnDirectory, `model-${modelIndex}`);
          models.push({
            request: (await readJson(`${stem}.request.json`)) as unknown as RecordedModelExchange['request'],
            response: await readResponse(stem),
          });
        }
        const toolCalls =
          Number(turn.toolCalls) > 0
            ? (await readText(join(turnDirectory, 'tool-calls.jsonl')))
                .split('\n')
                .filter((line) => line.trim() !== '')
                .map((line, lineIndex) =>
                  parseJson(line, `${join(turnDirectory, 'tool-calls.jsonl')}:${lineIndex + 1}`),
                )
                .map((call) => call as unknown as RecordedToolCall)
            : [];
        return { user: asString(turn.user), models, toolCalls };
      }),
    ),
  };
}

async function readResponse(stem: string): Promise<RecordedModelResponse> {
  const stream = await readFile(`${stem}.response.sse`, 'utf8').catch(() => undefined);
  if (stream !== undefined)
    return { type: 'stream', status: 200, contentType: 'text/event-stream', body: stream };
  return (await readJson(`${stem}.error.json`)) as unknown as RecordedModelResponse;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new RecordingFileError(
      `${path}: cannot read this part of the recording (${error instanceof Error ? error.message : String(error)}). Record it again (toolloop-eval record).`,
    );
  }
}

async function readJson(path: string): Promise<JsonValue> {
  return parseJson(await readText(path), path);
}

function parseJson(text: string, where: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new RecordingFileError(
      `${where}: not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

function asObject(value: JsonValue, where: string): Record<string, JsonValue> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  throw new RecordingFileError(`${where}: expected a JSON object.`);
}

function asString(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}
