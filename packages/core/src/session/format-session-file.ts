import type { SessionData } from './session-data.js';
import { toSessionRecord } from './session-record.js';
import { sessionFileFormat } from './stored-session-schema.js';
import { withholdSecrets } from './withhold-secrets.js';

/** The first line of a session file: format, id and config (never the API key, nor a literal server secret). */
export function formatSessionHeader(session: SessionData): string {
  const header = {
    format: sessionFileFormat,
    id: session.id,
    // Withheld here too, so a custom caller of the store cannot write a secret to disk by mistake.
    llmConfig: withholdSecrets(session.llmConfig).stored,
  };
  return `${JSON.stringify(header)}\n`;
}

/**
 * One appended line: the version it makes, the messages from `from` on, and the session's record after them
 * (see `toSessionRecord`).
 */
export function formatSessionRecord(
  session: SessionData,
  { from, version, savedBy }: { from: number; version: number; savedBy?: string | undefined },
): string {
  const record = { version, savedBy, messages: session.messages.slice(from), ...toSessionRecord(session) };
  return `${JSON.stringify(record)}\n`;
}
