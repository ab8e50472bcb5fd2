import { z } from 'zod';
import type { PausedTurn } from '../loop/paused-turn.js';
import type { ToolJournalEntry } from '../loop/tool-journal.js';
import type { TurnCheckpoint } from '../loop/turn-checkpoint.js';
import type { Message } from '../model/messages.js';
import { llmConfigSchema, storedLlmConfigSchema } from './llm-config-schema.js';

/** The `format` of a session file's first line, so a stray file is not mistaken for a session. */
export const sessionFileFormat = 'toolloop.session.v2';

/** The format of the earlier files: one JSON document, rewritten whole by every save. Still read. */
export const sessionFileFormatVersion1 = 'toolloop.session.v1';

const messageSchema = z.custom<Message>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['user', 'assistant', 'tool'].includes(String((value as { role?: unknown }).role)),
  { error: "expected a message with role 'user', 'assistant' or 'tool'" },
);

const turnFields = {
  messages: z.array(messageSchema),
  lastActivity: z.iso.datetime(),
  toolCallCount: z.number().int().min(0),
  /** Absent in files written before sessions counted tokens. */
  tokenCount: z.number().int().min(0).optional(),
};

/**
 * A paused turn as a record stores it: without its messages, which are the session's (stored once). The
 * loop checks the rest when the turn resumes.
 */
const storedPausedTurnSchema = z.custom<Omit<PausedTurn, 'messages'>>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ((value as { version?: unknown }).version === 1 || (value as { version?: unknown }).version === 2) &&
    Array.isArray((value as { pendingApprovals?: unknown }).pendingApprovals),
  { error: 'expected a paused turn (version 1 or 2, with pendingApprovals)' },
);

/**
 * The checkpoint of a turn under way, stored without its messages as the paused turn is, and its recorded calls
 * without their inputs and results (the messages hold them).
 */
const storedTurnUnderWaySchema = z.custom<Omit<TurnCheckpoint, 'messages'>>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === 2 &&
    Array.isArray((value as { state?: { toolCalls?: unknown } }).state?.toolCalls),
  { error: 'expected the checkpoint of a turn (version 2, with its state)' },
);

/** The tool calls of a round under way, as a turn's journal recorded them (their outputs checked by the loop). */
const toolJournalSchema = z.record(
  z.string(),
  z.custom<ToolJournalEntry>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { toolCallId?: unknown }).toolCallId === 'string' &&
      typeof (value as { name?: unknown }).name === 'string' &&
      ((value as { status?: unknown }).status === 'started' ||
        ((value as { status?: unknown }).status === 'finished' &&
          typeof (value as { output?: unknown }).output === 'object')),
    { error: "expected a journal entry { toolCallId, name, status: 'started' | 'finished', output? }" },
  ),
);

/** The first line of a session file: what never changes. */
export const sessionHeaderSchema = z.strictObject({
  format: z.literal(sessionFileFormat),
  id: z.string().min(1),
  llmConfig: storedLlmConfigSchema,
});

/**
 * Every later line: the version it makes, messages to append, and the session's activity and counts after them; with `pausedTurn`
 * when the turn saved by this line waits for approval (a later line without it means it no longer does), and
 * `turnUnderWay` when the line was saved between two rounds of a turn.
 */
export const sessionRecordSchema = z.strictObject({
  /** The session's version once this line is written; absent in files written before versions (then: its line count). */
  version: z.number().int().min(1).optional(),
  /** The host whose save wrote this line (its lease owner), when it gave one. */
  savedBy: z.string().optional(),
  ...turnFields,
  pausedTurn: storedPausedTurnSchema.optional(),
  turnUnderWay: storedTurnUnderWaySchema.optional(),
  toolJournal: toolJournalSchema.optional(),
});

/** A whole session file of the earlier format, which stored server secrets as given (read, then withheld). */
export const sessionFileVersion1Schema = z.strictObject({
  format: z.literal(sessionFileFormatVersion1),
  id: z.string().min(1),
  llmConfig: llmConfigSchema,
  ...turnFields,
});
