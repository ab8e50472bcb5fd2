import type { z } from 'zod';
import { InvalidConfigError, type ConfigIssue } from '../errors/invalid-config-error.js';
import type { SessionData } from './session-data.js';
import { fromSessionRecord } from './session-record.js';
import {
  sessionFileFormat,
  sessionFileVersion1Schema,
  sessionHeaderSchema,
  sessionRecordSchema,
} from './stored-session-schema.js';
import { toConfigIssues } from './to-config-issues.js';
import { withholdSecrets } from './withhold-secrets.js';

/** Where a session file's complete lines end, and how many messages they hold: what the next append needs. */
export interface SessionFileLayout {
  bytes: number;
  messages: number;
}

/**
 * Reads the session file of session `id`: a header line, then one line per save. A last line without its
 * newline is a write that a crash cut short; it is left out, and every line before it counts. Files of the
 * earlier one-document format are read too, their literal server secrets withheld (they have no layout: the
 * next save rewrites them). A file that holds another session (a copy) is refused, since its saves would go
 * to the other session's file. Problems name the file and line.
 */
export function parseSessionFile({ text, path, id }: { text: string; path: string; id: string }): {
  session: SessionData;
  layout: SessionFileLayout | undefined;
  /** The host whose save wrote the last line, when it gave one. */
  savedBy?: string | undefined;
} {
  const subject = `session file '${path}'`;
  if (!text.startsWith(`{"format":"${sessionFileFormat}"`)) {
    const session = parseVersion1(text, subject);
    checkHeldId({ held: session.id, id, subject, path: 'id', field: 'its "id" field' });
    return { session, layout: undefined };
  }
  const lines = text.split('\n');
  const unfinished = lines.pop() ?? '';
  const [headerLine, ...recordLines] = lines;
  if (headerLine === undefined || recordLines.length === 0) {
    throw new InvalidConfigError({
      subject,
      issues: [{ path: '(file)', message: 'no complete save: the header or the first record is missing' }],
    });
  }
  const header = parseLine({ text: headerLine, line: 1, schema: sessionHeaderSchema, subject });
  checkHeldId({ held: header.id, id, subject, path: 'line 1: id', field: 'the id on its first line' });
  const records = recordLines.map((recordLine, index) =>
    parseLine({ text: recordLine, line: index + 2, schema: sessionRecordSchema, subject }),
  );
  const last = records.at(-1);
  const messages = records.flatMap((record) => record.messages);
  const session = fromSessionRecord({
    id: header.id,
    llmConfig: header.llmConfig,
    version: last?.version ?? records.length,
    messages,
    record: last,
  });
  return {
    session,
    layout: { bytes: Buffer.byteLength(text) - Buffer.byteLength(unfinished), messages: messages.length },
    savedBy: last?.savedBy,
  };
}

/** Refuses a file whose name says one session and whose content holds another, saying how to fix it. */
function checkHeldId({
  held,
  id,
  subject,
  path,
  field,
}: {
  held: string;
  id: string;
  subject: string;
  path: string;
  /** Where the id is written, for the advice: the formats keep it in different places. */
  field: string;
}) {
  if (held === id) return;
  throw new InvalidConfigError({
    subject,
    issues: [
      {
        path,
        message:
          `the file holds session '${held}', but its name says '${id}'. A session file is named after the ` +
          `session it holds: rename it to '${held}.json', or, to keep it as a copy, set ${field} to '${id}'.`,
      },
    ],
  });
}

function parseLine<SCHEMA extends z.ZodType>({
  text,
  line,
  schema,
  subject,
}: {
  text: string;
  line: number;
  schema: SCHEMA;
  subject: string;
}): z.output<SCHEMA> {
  const at = (issue: ConfigIssue) => ({ ...issue, path: `line ${line}: ${issue.path}` });
  const parsed = schema.safeParse(parseJson({ text, subject, path: `line ${line}` }));
  if (!parsed.success) {
    throw new InvalidConfigError({
      subject,
      issues: toConfigIssues(parsed.error.issues, { schema }).map(at),
    });
  }
  return parsed.data;
}

function parseVersion1(text: string, subject: string): SessionData {
  const parsed = sessionFileVersion1Schema.safeParse(parseJson({ text, subject, path: '(file)' }));
  if (!parsed.success) throw new InvalidConfigError({ subject, issues: toConfigIssues(parsed.error.issues) });
  const { id, llmConfig, messages, lastActivity, toolCallCount } = parsed.data;
  return {
    id,
    version: 1,
    llmConfig: withholdSecrets(llmConfig).stored,
    messages,
    lastActivity: new Date(lastActivity),
    toolCallCount,
  };
}

function parseJson({ text, subject, path }: { text: string; subject: string; path: string }): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidConfigError({ subject, issues: [{ path, message: `not valid JSON: ${reason}` }] });
  }
}
