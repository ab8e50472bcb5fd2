import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue } from '@toolloop/core';
import { recordingDirectoryOf, recordingFormatName, recordingIndexFile } from './recording-directory.js';
import {
  recordingFormatVersion,
  type RecordedModelExchange,
  type RecordedModelResponse,
  type RecordedToolCall,
  type Recording,
} from './recording.js';
import { RecordingFileError } from './recording-file-error.js';

/** Reads the recording beside a scenario file; a missing or damaged file is a `RecordingFileError` naming it. */
export async function readRecording(scenarioFile: string): Promise<Recording> {
  const directory = recordingDirectoryOf(scenarioFile);
  const index = asObject(
    await readJson(join(directory, recordingIndexFile)),
    join(directory, recordingIndexFile),
  );
  const at = join(directory, recordingIndexFile);
  if (index.format !== recordingFormatName)
    throw new RecordingFileError(
      `${at}: "format" is ${JSON.stringify(index.format)}, expected "${recordingFormatName}".`,
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
        return {
          ...(turn.user === undefined ? {} : { user: asString(turn.user) }),
          models,
          toolCalls,
        };
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
