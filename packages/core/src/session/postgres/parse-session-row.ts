import { InvalidConfigError } from '../../errors/invalid-config-error.js';
import type { SessionData } from '../session-data.js';
import { fromSessionRecord } from '../session-record.js';
import { sessionHeaderSchema, sessionRecordSchema } from '../stored-session-schema.js';
import { toConfigIssues } from '../to-config-issues.js';

/** A session's row as the load query returns it: `json` columns come back parsed. */
export interface SessionRow {
  version: number;
  saved_by: string | null;
  llm_config: unknown;
  record: unknown;
  messages: unknown;
}

const configSchema = sessionHeaderSchema.shape.llmConfig;
const recordSchema = sessionRecordSchema.omit({ version: true });

/**
 * The session a row holds, checked as a session file's lines are: a row another program wrote wrong is refused
 * with `InvalidConfigError`, naming the table, the session and the column's field.
 */
export function parseSessionRow({
  id,
  row,
  table,
}: {
  id: string;
  row: SessionRow;
  table: string;
}): SessionData {
  const subject = `session '${id}' in Postgres table ${table}`;
  const config = configSchema.safeParse(row.llm_config);
  const record = recordSchema.safeParse({
    ...(typeof row.record === 'object' && row.record !== null ? row.record : {}),
    messages: row.messages,
  });
  const issues = [
    ...(config.success ? [] : toConfigIssues(config.error.issues, { prefix: ['llm_config'] })),
    ...(record.success ? [] : toConfigIssues(record.error.issues, { prefix: ['record'] })),
  ];
  if (!config.success || !record.success) throw new InvalidConfigError({ subject, issues });
  const { messages, ...rest } = record.data;
  const session = fromSessionRecord({
    id,
    llmConfig: config.data,
    version: row.version,
    messages,
    record: rest,
  });
  return row.saved_by === null ? session : { ...session, savedBy: row.saved_by };
}
