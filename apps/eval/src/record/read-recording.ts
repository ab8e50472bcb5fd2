import { realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createRecordingFileReader, type RecordingFileReader } from './read-recording-file.js';
import { recordingFileKinds } from './recording-schema.js';
import {
  recordingDirectoryOf,
  recordingFormatName,
  recordingIndexFile,
  type RecordingWireOption,
} from './recording-directory.js';
import { streamFormats } from './stream-formats.js';
import {
  exchangeKinds,
  readableRecordingVersions,
  sideExchangeKinds,
  type SideRole,
  type RecordedModelExchange,
  type RecordedModelResponse,
  type RecordedTurn,
  type Recording,
} from './recording.js';

/**
 * Reads the recording beside a scenario file (`wire`: that wire's, of a scenario that names `wires`), every file
 * validated as `writeRecording` writes it (docs/recordings.md). A file that is missing, damaged, not a regular file,
 * over 16 MiB or outside the recording's directory is a `RecordingFileError` naming the file (relative to `cwd`,
 * default the process's working directory), the field and what is wrong.
 */
export async function readRecording(
  scenarioFile: string,
  { cwd = process.cwd(), wire }: { cwd?: string } & RecordingWireOption = {},
): Promise<Recording> {
  const directory = recordingDirectoryOf(scenarioFile, { wire });
  const reader = createRecordingFileReader({
    root: await realpath(directory).catch(() => directory),
    cwd,
  });
  const indexFile = join(directory, recordingIndexFile);
  const index = await reader.json(indexFile, recordingFileKinds.index, checkFormat);
  const turns: RecordedTurn[] = [];
  // One turn after another: a recording's files are read one at a time, never all open at once.
  for (const [turnIndex, turn] of index.turns.entries()) {
    const turnDirectory = join(directory, `turn-${turnIndex + 1}`);
    const readExchanges = async (name: string, count: number) => {
      const exchanges: RecordedModelExchange[] = [];
      for (let exchangeIndex = 1; exchangeIndex <= count; exchangeIndex += 1) {
        const stem = join(turnDirectory, `${name}-${exchangeIndex}`);
        exchanges.push({
          request: await reader.json(`${stem}.request.json`, recordingFileKinds.request),
          response: await readResponse({ stem, reader }),
        });
      }
      return exchanges;
    };
    const models = await readExchanges(exchangeKinds.models, turn.models);
    const sides: Pick<RecordedTurn, SideRole> = {};
    for (const role of Object.keys(sideExchangeKinds) as SideRole[]) {
      const count = turn[role];
      if (count !== undefined) sides[role] = await readExchanges(sideExchangeKinds[role], count);
    }
    const callsFile = join(turnDirectory, 'tool-calls.jsonl');
    const toolCalls =
      turn.toolCalls > 0 ? await reader.jsonLines(callsFile, recordingFileKinds.toolCall) : [];
    if (toolCalls.length !== turn.toolCalls)
      throw reader.fail(
        callsFile,
        `holds ${toolCalls.length} tool calls; ${recordingIndexFile} says turn ${turnIndex + 1} has ${turn.toolCalls}.`,
      );
    turns.push({ ...(turn.user === undefined ? {} : { user: turn.user }), models, ...sides, toolCalls });
  }
  return {
    version: index.version,
    scenario: index.scenario,
    provider: index.provider,
    model: index.model,
    servers: index.servers,
    turns,
  };
}

/**
 * The format and version are looked at before the fields: a recording of another format or version is refused
 * with what to do, not with a list of the fields it does not have.
 */
function checkFormat({
  format,
  version,
}: Record<string, unknown>): { path: string; message: string } | undefined {
  if (format !== recordingFormatName)
    return {
      path: 'format',
      message: `is ${format === undefined ? 'missing' : JSON.stringify(format)}, expected "${recordingFormatName}".`,
    };
  if (!readableRecordingVersions.some((readable) => readable === version))
    return {
      path: 'version',
      message: `format version ${version === undefined ? '(none)' : JSON.stringify(version)}; this runner reads versions ${readableRecordingVersions.join(', ')}. Record it again (toolloop-eval record).`,
    };
  return undefined;
}

async function readResponse({
  stem,
  reader,
}: {
  stem: string;
  reader: RecordingFileReader;
}): Promise<RecordedModelResponse> {
  const error = `${stem}.error.json`;
  const found: string[] = [];
  for (const file of [...streamFormats.map((format) => `${stem}.response.${format.extension}`), error])
    if (await reader.exists(file)) found.push(file);
  const [first, second] = found;
  // Which one a replay would send is not for the reader to guess.
  if (first !== undefined && second !== undefined)
    throw reader.fail(
      first,
      `${basename(second)} is there too, beside it; a request has one answer, a stream or an error. Remove the one that is wrong, or record the scenario again (toolloop-eval record).`,
    );
  if (first === error) return reader.json(error, recordingFileKinds.error);
  const format = streamFormats.find(({ extension }) => first?.endsWith(`.response.${extension}`));
  if (first === undefined || format === undefined)
    throw reader.fail(
      `${stem}.response.sse`,
      `this answer of the recording is missing (neither it, ${streamFormats
        .slice(1)
        .map(({ extension }) => `${basename(stem)}.response.${extension}`)
        .join(', ')} nor ${basename(error)} is there). Record it again (toolloop-eval record).`,
    );
  return { type: 'stream', status: 200, contentType: format.contentType, body: await reader.bytes(first) };
}
