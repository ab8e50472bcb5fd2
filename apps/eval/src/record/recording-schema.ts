import { z } from 'zod';
import { recordingFormatName } from './recording-directory.js';
import { readableRecordingVersions } from './recording.js';

const jsonObject = z.record(z.string(), z.json());

/**
 * The files of a recording as `writeRecording` writes them (docs/recordings.md): what `readRecording` accepts.
 * Unknown fields are errors, as in scenario files, so a hand edit with a typo is caught, not ignored.
 */
export const recordingSchemas = {
  /** `recording.json`: what was recorded, and how many requests and tool calls each turn has. */
  index: z.strictObject({
    format: z.literal(recordingFormatName),
    version: z.literal(readableRecordingVersions),
    scenario: z.string(),
    provider: z.string(),
    model: z.string(),
    servers: z.record(
      z.string(),
      z.array(z.record(z.string(), z.json()).and(z.object({ name: z.string() }))),
    ),
    turns: z.array(
      z.strictObject({
        user: z.string().optional(),
        models: z.int().nonnegative(),
        judges: z.int().nonnegative().optional(),
        users: z.int().nonnegative().optional(),
        toolCalls: z.int().nonnegative(),
      }),
    ),
  }),
  /** `turn-N/model-M.request.json`: one model request as it was sent, secrets removed. */
  request: z.strictObject({
    method: z.string().min(1),
    path: z.string().startsWith('/'),
    headers: z.record(z.string(), z.string()),
    body: z.json(),
  }),
  /** `turn-N/model-M.error.json`: an answer that was an error, not a stream. */
  error: z.strictObject({
    type: z.literal('error'),
    status: z.int().min(100).max(599),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  /** One line of `turn-N/tool-calls.jsonl`: a call a real MCP server answered, with its result or its error. */
  toolCall: z
    .strictObject({
      server: z.string(),
      tool: z.string(),
      arguments: z.json(),
      result: jsonObject.optional(),
      error: z.json().optional(),
    })
    .refine((call) => (call.result === undefined) !== (call.error === undefined), {
      message: 'a tool call has a result or an error, one of them',
    }),
} as const;

/** A kind of recording file: its schema, and what it holds in words, for a file that holds something else. */
export interface RecordingFileKind<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  /** `method, path, headers and body`: said as `expected an object with …, not a list`. */
  contents: string;
}

/** Each kind of recording file. */
export const recordingFileKinds = {
  index: {
    schema: recordingSchemas.index,
    contents: 'format, version, scenario, provider, model, servers and turns',
  },
  request: { schema: recordingSchemas.request, contents: 'method, path, headers and body' },
  error: { schema: recordingSchemas.error, contents: 'type, status, headers and body' },
  toolCall: { schema: recordingSchemas.toolCall, contents: 'server, tool, arguments and result or error' },
} satisfies Record<keyof typeof recordingSchemas, RecordingFileKind>;
