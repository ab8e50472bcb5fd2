import type { SessionData } from './session-data.js';
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

/** One appended line: the messages from `from` on, and the activity and tool-call count after them. */
export function formatSessionRecord(session: SessionData, from: number): string {
  const record = {
    messages: session.messages.slice(from),
    lastActivity: session.lastActivity.toISOString(),
    toolCallCount: session.toolCallCount,
  };
  return `${JSON.stringify(record)}\n`;
}
