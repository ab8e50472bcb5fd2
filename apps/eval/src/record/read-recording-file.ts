import { readFile } from 'node:fs/promises';
import { formatFieldPath, readYamlDocument } from '@toolloop/mock-mcp/internal';
import type { z } from 'zod';
import { toDisplayPath } from '../agent/to-display-path.js';
import {
  checkRecordedFile,
  maxRecordedFileBytes,
  type RecordedFileProblem,
} from '../scenario/check-recorded-file.js';
import type { ScenarioIssue } from '../scenario/scenario-file-error.js';
import { toScenarioIssues } from '../scenario/to-scenario-issues.js';
import { describeJsonSyntaxError } from './describe-json-syntax-error.js';
import { maxRecordedDepth, nestsDeeperThan } from './nests-deeper-than.js';
import { RecordingFileError } from './recording-file-error.js';
import type { RecordingFileKind } from './recording-schema.js';

/** One problem an object is refused for before its fields are checked. */
type Refusal = { path: string; message: string } | undefined;

/** Reads the files of one recording, each checked before it is opened and validated once read. */
export interface RecordingFileReader {
  /** Whether the file is there (it may still be one that cannot be read). */
  exists(path: string): Promise<boolean>;
  /** The file's bytes; a file that is missing, not a regular file, too big or elsewhere is a `RecordingFileError`. */
  bytes(path: string): Promise<Buffer>;
  /** The file's text (UTF-8), refused as `bytes` refuses. */
  text(path: string): Promise<string>;
  /**
   * The file's JSON, valid by the kind's schema, or a `RecordingFileError` naming each problem. `precheck` looks
   * at an object first and may refuse it with one problem of its own (a format it does not read).
   */
  json<Schema extends z.ZodType>(
    path: string,
    kind: RecordingFileKind<Schema>,
    precheck?: (value: Record<string, unknown>) => Refusal,
  ): Promise<z.output<Schema>>;
  /** Each line of a JSON Lines file, valid by the kind's schema. */
  jsonLines<Schema extends z.ZodType>(
    path: string,
    kind: RecordingFileKind<Schema>,
  ): Promise<Array<z.output<Schema>>>;
  /** A problem of the file, as reports show it. */
  fail(path: string, message: string): RecordingFileError;
}

type Locate = Parameters<typeof toScenarioIssues>[0]['locate'];

/**
 * A reader for the files under `root`, the recording's directory (its real path): a file must lie in it, symbolic
 * links followed, and be a regular file of at most 16 MiB, so that a FIFO, a device or a link to `/etc/passwd`
 * is refused without being opened. Files are named relative to `cwd` in problems.
 */
export function createRecordingFileReader({ root, cwd }: { root: string; cwd: string }): RecordingFileReader {
  const shown = (path: string) => toDisplayPath({ file: path, cwd });
  const issue = (path: string, message: string): ScenarioIssue => ({
    file: shown(path),
    path: '(root)',
    message,
  });
  const fail = (path: string, message: string) => new RecordingFileError([issue(path, message)]);

  const bytes = async (path: string): Promise<Buffer> => {
    const problem = await checkRecordedFile({ target: path, roots: [root] });
    if (problem !== undefined) throw fail(path, describeProblem(problem));
    try {
      return await readFile(path);
    } catch (error) {
      throw fail(path, `cannot be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
  };
  const text = async (path: string): Promise<string> => (await bytes(path)).toString('utf8');

  /** The value's problems by the kind's schema, or its valid form. */
  const validate = <Schema extends z.ZodType>({
    path,
    kind,
    value,
    locate,
  }: {
    path: string;
    kind: RecordingFileKind<Schema>;
    value: unknown;
    locate: Locate;
  }): { success: true; data: z.output<Schema> } | { success: false; issues: ScenarioIssue[] } => {
    if (!isObject(value))
      return {
        success: false,
        issues: [issue(path, `expected an object with ${kind.contents}, not ${describeValue(value)}.`)],
      };
    // A value nested too deep would overflow the stack of the schema check (and of a replay) that walk it.
    const tooDeep = Object.keys(value).filter((key) =>
      nestsDeeperThan({ value: value[key], levels: maxRecordedDepth }),
    );
    if (tooDeep.length > 0)
      return {
        success: false,
        issues: tooDeep.map((key) => ({
          file: shown(path),
          path: formatFieldPath([key]),
          message: `nested more than ${maxRecordedDepth} levels deep; a recording holds JSON nested at most ${maxRecordedDepth} levels.`,
        })),
      };
    const parsed = kind.schema.safeParse(value, { reportInput: true });
    if (parsed.success) return { success: true, data: parsed.data };
    return {
      success: false,
      issues: toScenarioIssues({ issues: parsed.error.issues, file: shown(path), locate }),
    };
  };

  return {
    exists: async (path) => (await checkRecordedFile({ target: path, roots: [root] }))?.type !== 'missing',
    bytes,
    text,
    fail,
    async json(path, kind, precheck) {
      const source = await text(path);
      const value = parseJson({
        text: source,
        fail: ({ message, line, column }) =>
          new RecordingFileError([{ ...issue(path, message), line, column }]),
      });
      const refused = isObject(value) ? precheck?.(value) : undefined;
      if (refused !== undefined)
        throw new RecordingFileError([{ ...issue(path, refused.message), path: refused.path }]);
      const result = validate({
        path,
        kind,
        value,
        // Positions are looked up only in a file that has problems: reading JSON as YAML is slower.
        locate: (fieldPath, target) => {
          const read = readYamlDocument({ text: source, expected: 'JSON' });
          return read.success ? read.locate({ path: fieldPath, target }) : undefined;
        },
      });
      if (!result.success) throw new RecordingFileError(result.issues);
      return result.data;
    },
    async jsonLines(path, kind) {
      const lines = (await text(path)).split('\n');
      const issues: ScenarioIssue[] = [];
      const values = [];
      for (const [index, line] of lines.entries()) {
        if (line.trim() === '') continue;
        const onLine = (found: ScenarioIssue): ScenarioIssue => ({ ...found, line: index + 1 });
        const value = parseJson({
          text: line,
          fail: ({ message, column }) =>
            new RecordingFileError([{ ...onLine(issue(path, message)), column }]),
        });
        const result = validate({ path, kind, value, locate: () => undefined });
        if (result.success) values.push(result.data);
        else issues.push(...result.issues.map(onLine));
      }
      if (issues.length > 0) throw new RecordingFileError(issues);
      return values;
    },
  };
}

/** The text's JSON; or a problem at the line and column where it stops being JSON, as scenario files report one. */
function parseJson({
  text,
  fail,
}: {
  text: string;
  fail: (problem: { message: string; line: number; column: number }) => RecordingFileError;
}): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const { line, column, reason } = describeJsonSyntaxError({ text, error });
    throw fail({ message: `not valid JSON: ${reason}.`, line, column });
  }
}

function describeProblem(problem: RecordedFileProblem): string {
  switch (problem.type) {
    case 'missing':
      return 'this part of the recording is missing. Record it again (toolloop-eval record).';
    case 'outside':
      return `it is ${problem.real}, outside the recording's directory; a recording keeps its files in it.`;
    case 'not-a-file':
      return 'not a regular file.';
    case 'too-big':
      return `the file has ${problem.size} bytes; a recording file may have at most ${maxRecordedFileBytes} (16 MiB).`;
    default: {
      const unexpected: never = problem;
      throw new Error(`Unknown recorded file problem: ${JSON.stringify(unexpected)}`);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
