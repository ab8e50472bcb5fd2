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

/**
 * One appended line: the messages from `from` on, the activity and counts after them, and the paused turn or
 * the checkpoint of the turn under way without their messages (they are the session's, already in the file).
 */
export function formatSessionRecord(session: SessionData, from: number): string {
  const record: Record<string, unknown> = {
    messages: session.messages.slice(from),
    lastActivity: session.lastActivity.toISOString(),
    toolCallCount: session.toolCallCount,
  };
  if (session.tokenCount !== undefined) record.tokenCount = session.tokenCount;
  if (session.pausedTurn !== undefined) {
    const { messages: _messages, ...pausedTurn } = session.pausedTurn;
    record.pausedTurn = pausedTurn;
  }
  if (session.turnUnderWay !== undefined) {
    const { messages: _messages, state, ...turnUnderWay } = session.turnUnderWay;
    // Saved after every round: the calls' inputs and results are in the messages already, and written once.
    const toolCalls = state.toolCalls.map(({ input: _input, output: _output, ...call }) => call);
    record.turnUnderWay = { ...turnUnderWay, state: { ...state, toolCalls } };
  }
  return `${JSON.stringify(record)}\n`;
}
