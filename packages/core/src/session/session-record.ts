import type { JsonValue } from '../json-value.js';
import type { ToolJournalEntry } from '../loop/tool-journal.js';
import type { TurnCheckpoint } from '../loop/turn-checkpoint.js';
import type { Message, ToolOutput } from '../model/messages.js';
import type { StoredLlmConfig } from './llm-config.js';
import type { SessionData } from './session-data.js';

/**
 * A session's state besides its config, messages and version, as stores keep it: the activity and counts, and
 * the paused turn or the checkpoint of the turn under way without their messages (they are the session's,
 * stored once), the checkpoint's calls without their inputs and results (the messages hold them too).
 */
export interface SessionRecord {
  lastActivity: string;
  toolCallCount: number;
  tokenCount?: number;
  pausedTurn?: Omit<NonNullable<SessionData['pausedTurn']>, 'messages'>;
  turnUnderWay?: Omit<TurnCheckpoint, 'messages'>;
  toolJournal?: Record<string, ToolJournalEntry>;
}

/** The record of a session, to store beside its messages. */
export function toSessionRecord(session: SessionData): SessionRecord {
  const record: SessionRecord = {
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
    record.turnUnderWay = { ...turnUnderWay, state: { ...state, toolCalls } as TurnCheckpoint['state'] };
  }
  if (session.toolJournal !== undefined) record.toolJournal = session.toolJournal;
  return record;
}

/** The session a store kept as its config, messages, version and last record: whole again. */
export function fromSessionRecord({
  id,
  llmConfig,
  version,
  messages,
  record,
}: {
  id: string;
  llmConfig: StoredLlmConfig;
  version: number;
  messages: Message[];
  record: SessionRecord | undefined;
}): SessionData {
  const session: SessionData = {
    id,
    version,
    llmConfig,
    messages,
    lastActivity: new Date(record?.lastActivity ?? 0),
    toolCallCount: record?.toolCallCount ?? 0,
  };
  if (record?.tokenCount !== undefined) session.tokenCount = record.tokenCount;
  // The paused turn's transcript is the session's: stored once, joined again here.
  if (record?.pausedTurn !== undefined)
    session.pausedTurn = { ...record.pausedTurn, messages: [...messages] };
  if (record?.turnUnderWay !== undefined)
    session.turnUnderWay = withCallsFromMessages(record.turnUnderWay, messages);
  if (record?.toolJournal !== undefined) session.toolJournal = record.toolJournal;
  return session;
}

/**
 * The checkpoint of a turn under way as a store keeps it, whole again: its messages are the session's, and each
 * recorded call takes its input and result from them (stores write them once, there).
 */
function withCallsFromMessages(
  stored: Omit<TurnCheckpoint, 'messages'>,
  messages: Message[],
): TurnCheckpoint {
  const inputs = new Map<string, JsonValue>();
  const outputs = new Map<string, ToolOutput>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') inputs.set(part.id, part.input);
      if (part.type === 'tool-result') outputs.set(part.toolCallId, part.output);
    }
  }
  const toolCalls = stored.state.toolCalls.map((call) => ({
    ...call,
    input: inputs.get(call.toolCallId) ?? {},
    output: outputs.get(call.toolCallId) ?? { content: [] },
  }));
  return { ...stored, state: { ...stored.state, toolCalls }, messages: [...messages] };
}
