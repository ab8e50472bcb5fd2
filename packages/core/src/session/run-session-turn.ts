import type { LoopResult } from '../loop/loop-result.js';
import type { ApprovalDecision, PausedTurn } from '../loop/paused-turn.js';
import { runToolLoop } from '../loop/run-tool-loop.js';
import type { ToolLoopOptions } from '../loop/tool-loop-options.js';
import type { ToolJournalEntry } from '../loop/tool-journal.js';
import type { TurnCheckpoint } from '../loop/turn-checkpoint.js';
import type { Message } from '../model/messages.js';
import type { MessageStreamWriter } from './create-message-stream.js';
import type { SessionResources } from './open-session-resources.js';
import type { SessionData } from './session-data.js';
import type { SessionStore } from './session-store.js';
import { toFailedTurnMessages } from './to-failed-turn-messages.js';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';
import { toSessionChange } from './to-session-change.js';
import { toSessionLoopOptions } from './session-loop-config.js';
import { watchModelRequests } from './watch-model-requests.js';

/**
 * What starts a session turn: a user message, decisions for the calls of a paused turn, or the turn a host that
 * stopped left under way (its last checkpoint, with the journal of the calls its last round started).
 */
export type SessionTurnInput =
  | { type: 'message'; text: string }
  | { type: 'resume'; turn: PausedTurn; decisions: Record<string, ApprovalDecision> }
  | { type: 'continue'; turn: TurnCheckpoint; journal: Record<string, ToolJournalEntry> | undefined };

/** How a session turn ended: with the loop's result, or with the failure of the run itself. */
export type SessionTurnOutcome =
  | { type: 'finished'; session: SessionData; result: LoopResult }
  | { type: 'failed'; session: SessionData; error: unknown };

/**
 * Runs one user message (or the rest of a paused turn) through the loop with the session's history, limits,
 * tool-call and token counts, streams its chunks but `done`, and saves the session (also when the turn stopped
 * on a limit, an error or for approval). If the run itself fails, what the turn got to is
 * saved all the same (see `toFailedSession`), and the outcome carries the failure. Either way it returns the
 * session as saved.
 */
export async function runSessionTurn({
  session,
  resources,
  input,
  tools = [],
  needsApproval,
  idempotent,
  writer,
  store,
  leaseOwner,
  now,
}: {
  session: SessionData;
  resources: SessionResources;
  input: SessionTurnInput;
  tools?: ToolLoopOptions['tools'];
  needsApproval?: ToolLoopOptions['needsApproval'];
  idempotent?: ToolLoopOptions['idempotent'];
  writer: MessageStreamWriter;
  store: SessionStore;
  /** The host that holds the session's lease for this turn: its saves are made as that owner. */
  leaseOwner?: string;
  now: () => number;
}): Promise<SessionTurnOutcome> {
  let lastRequestMessages: readonly Message[] | undefined;
  let startedToolCalls = 0;
  let result: LoopResult;
  // The session as last saved: a turn under way is saved after each of its rounds.
  let current = session;
  // Those saves run one after the other, and none lands after the turn's own last save: a save still under way
  // when the turn ends (its deadline, an abort) is waited for, and one not yet begun is not made.
  let saving: Promise<void> = Promise.resolve();
  let ended = false;
  /** Saves over the version last saved, appending the messages added since, and returns the new version. */
  const saveOver = (saved: SessionData) =>
    store.save(
      { ...withoutSaver(saved), version: current.version },
      {
        change: toSessionChange({ before: current.messages, after: saved.messages }),
        ...(leaseOwner === undefined ? {} : { leaseOwner }),
      },
    );
  /** Saves after the saves before it, unless the turn has ended; resolves once this one has landed. */
  const enqueueSave = (make: () => SessionData): Promise<void> => {
    const save = saving.then(async () => {
      if (ended) return;
      const saved = make();
      current = { ...saved, ...savedAs(await saveOver(saved)) };
    });
    saving = save.catch(() => undefined);
    return save;
  };
  const saveTurnUnderWay = (checkpoint: TurnCheckpoint): Promise<void> =>
    enqueueSave(() => {
      // A new round's results are in the messages: its journal starts empty. A checkpoint taken as a round's
      // calls start keeps what the journal holds of them (a round resumed after a crash).
      const { pausedTurn: _paused, toolJournal, ...rest } = current;
      const { usage } = checkpoint.state;
      const saved: SessionData = {
        ...rest,
        // The messages already saved, then the checkpoint's new ones: the store appends only those.
        messages: [...current.messages, ...checkpoint.messages.slice(current.messages.length)],
        toolCallCount: session.toolCallCount + startedToolCalls,
        tokenCount: checkpoint.state.sessionTokens + usage.inputTokens + usage.outputTokens,
        lastActivity: new Date(now()),
        turnUnderWay: checkpoint,
        ...(checkpoint.runningStep === undefined || toolJournal === undefined ? {} : { toolJournal }),
      };
      return saved;
    });
  /** Records a call of the round under way in the session's journal, and waits until it is stored. */
  const recordToolCall = (entry: ToolJournalEntry): Promise<void> =>
    enqueueSave(() => ({
      ...current,
      lastActivity: new Date(now()),
      toolJournal: { ...current.toolJournal, [entry.toolCallId]: entry },
    }));
  /** What a save makes of the session: its new version, made by this turn's host. */
  const savedAs = (version: number): Pick<SessionData, 'version' | 'savedBy'> =>
    leaseOwner === undefined ? { version } : { version, savedBy: leaseOwner };
  const endSaves = async () => {
    ended = true;
    await saving;
  };
  try {
    const run = runToolLoop({
      ...toSessionLoopOptions(session.llmConfig),
      model: watchModelRequests(resources.model, (request) => (lastRequestMessages = request.messages)),
      ...toLoopInput({ session, input }),
      tools: [...tools, ...(resources.servers === undefined ? [] : [resources.servers])],
      sessionToolCalls: session.toolCallCount,
      sessionTokens: session.tokenCount ?? 0,
      ...(needsApproval === undefined ? {} : { needsApproval }),
      ...(idempotent === undefined ? {} : { idempotent }),
      signal: writer.signal,
      onCheckpoint: saveTurnUnderWay,
      toolJournal: {
        ...(input.type === 'continue' && input.journal !== undefined ? { entries: input.journal } : {}),
        record: recordToolCall,
      },
    });
    for await (const event of run) {
      if (event.type === 'tool-start') startedToolCalls += 1;
      // `done` goes out once the session is saved (see `SessionManager`), so a host that sees it can rely on the store.
      if (event.type !== 'done') writer.push(toMessageStreamChunk(event));
    }
    result = await run.result;
  } catch (error) {
    // Whatever failed, the user's message is not lost: what the turn got to is saved, then the stream fails.
    // The turn has ended, failed: no checkpoint of it is kept as one under way.
    await endSaves();
    // A turn gone on with after a crash stays under way, as it was: the next use goes on with it again.
    if (input.type === 'continue') return { type: 'failed', session: current, error };
    const {
      turnUnderWay: _underWay,
      toolJournal: _journal,
      ...failed
    } = toFailedSession({ session, input, lastRequestMessages });
    const saved: SessionData = {
      ...failed,
      toolCallCount: session.toolCallCount + startedToolCalls,
      lastActivity: new Date(now()),
    };
    return { type: 'failed', session: { ...saved, ...savedAs(await saveOver(saved)) }, error };
  }
  await endSaves();
  const { pausedTurn: _previous, turnUnderWay: _underWay, toolJournal: _journal, ...rest } = session;
  const saved: SessionData = {
    ...rest,
    messages: [...current.messages, ...result.messages.slice(current.messages.length)],
    toolCallCount: result.sessionToolCalls,
    tokenCount: result.sessionTokens,
    lastActivity: new Date(now()),
    ...(result.pausedTurn === undefined ? {} : { pausedTurn: result.pausedTurn }),
  };
  return { type: 'finished', session: { ...saved, ...savedAs(await saveOver(saved)) }, result };
}

/** What the loop goes on from: the session's history and the message, a paused turn, or a turn under way. */
function toLoopInput({
  session,
  input,
}: {
  session: SessionData;
  input: SessionTurnInput;
}): Pick<ToolLoopOptions, 'messages' | 'prompt' | 'resume'> {
  switch (input.type) {
    case 'message':
      return { messages: session.messages, prompt: input.text };
    case 'resume':
      return { resume: { turn: input.turn, decisions: input.decisions } };
    case 'continue':
      return { resume: { turn: input.turn } };
    default: {
      const unexpected: never = input;
      throw new Error(`Unknown turn input: ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * The session to save after a run that failed outright. A message: its history, the user's message and what
 * the turn added up to its last model request. A resume: the paused session as it was, unless a request was
 * made after the decisions (then the calls have been handled, and the transcript up to it is kept instead).
 */
function toFailedSession({
  session,
  input,
  lastRequestMessages,
}: {
  session: SessionData;
  input: Exclude<SessionTurnInput, { type: 'continue' }>;
  lastRequestMessages: readonly Message[] | undefined;
}): SessionData {
  if (input.type === 'message') {
    return {
      ...session,
      messages: toFailedTurnMessages({
        history: session.messages,
        userMessage: { role: 'user', content: input.text },
        lastRequestMessages,
      }),
    };
  }
  const handled =
    lastRequestMessages !== undefined &&
    lastRequestMessages.length > session.messages.length &&
    session.messages.every((message, index) => lastRequestMessages[index] === message);
  if (!handled) return session;
  const { pausedTurn: _handled, ...rest } = session;
  return { ...rest, messages: [...lastRequestMessages] };
}

/** The session without who saved its last version: the store records that from the save's lease owner. */
function withoutSaver(session: SessionData): SessionData {
  const { savedBy: _savedBy, ...rest } = session;
  return rest;
}
