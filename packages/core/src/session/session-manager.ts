import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { SessionNotFoundError, type SessionNotFoundReason } from '../errors/session-not-found-error.js';
import { TurnAbortedError } from '../errors/turn-aborted-error.js';
import type { LoopResult } from '../loop/loop-result.js';
import type { ApprovalDecision } from '../loop/paused-turn.js';
import { checkLeaseOptions } from './check-lease-options.js';
import { createEndedSessions } from './create-ended-sessions.js';
import { createMemorySessionStore } from './create-memory-session-store.js';
import { holdSessionLease } from './hold-session-lease.js';
import {
  createMessageStream,
  type MessageStream,
  type MessageStreamWriter,
} from './create-message-stream.js';
import {
  checkServersCanConnect,
  openSessionResources,
  type SessionResources,
} from './open-session-resources.js';
import type { ServerSecrets } from './llm-config.js';
import { mergeServerSecrets } from './merge-server-secrets.js';
import { parseLlmConfig } from './parse-llm-config.js';
import { type QueuedInput, resumedTurnStatus, toTurnInput } from './queued-turn-input.js';
import { resolveApiKey } from './resolve-api-key.js';
import type { SessionData } from './session-data.js';
import type { SessionManagerOptions } from './session-manager-options.js';
import type { SessionStore } from './session-store.js';
import { runSessionTurn, type SessionTurnInput, type SessionTurnOutcome } from './run-session-turn.js';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';
import { withholdSecrets } from './withhold-secrets.js';

interface LiveSession extends SessionResources {
  data: SessionData;
}

/**
 * Sessions for a host: each keeps its transcript, counts tool calls and tokens against its per-session limits
 * across turns, keeps a turn that waits for approval until `resumeTurn`, and is saved after every turn. Messages sent to one session run one after the other. Secrets live
 * only in memory: a session read back from the store takes its API key and the server values its config gave
 * literally from `resumeSession(id, { apiKey, servers })` or, failing that, from the environment.
 *
 * @example
 * const manager = new SessionManager({ createModel, connectServers: connectMcpServers });
 * const session = await manager.initializeSession(config);
 * for await (const chunk of manager.sendMessageStream(session.id, 'Hello')) console.log(chunk.type);
 */
export class SessionManager {
  readonly #options: SessionManagerOptions;
  readonly #store: SessionStore;
  readonly #now: () => number;
  /**
   * The owner of the leases this manager takes: its host's name and a part of its own, so that two managers never
   * share a lease, even on hosts given one name.
   */
  readonly #leaseOwner: string;
  readonly #leaseTtlMs: number;
  readonly #busyTimeoutMs: number;
  readonly #live = new Map<string, Promise<LiveSession>>();
  /** The sessions whose opening has finished (what `#peek` reads without waiting for one under way). */
  readonly #opened = new Map<string, LiveSession>();
  /** Ends an opening under way (its servers starting, a sign-in waited for) when its session closes. */
  readonly #openings = new Map<string, AbortController>();
  readonly #queues = new Map<string, Promise<void>>();
  readonly #turns = new Map<string, Set<MessageStreamWriter>>();
  readonly #ended = createEndedSessions();
  /** What each session keeps in memory only: its API key and the server values given literally. */
  readonly #secrets = new Map<string, { apiKey?: string | undefined; servers?: ServerSecrets }>();

  constructor(options: SessionManagerOptions) {
    this.#options = options;
    this.#store = options.store ?? createMemorySessionStore();
    this.#now = options.now ?? Date.now;
    const {
      hostId = `${hostname()}/${process.pid}`,
      leaseTtlMs = 30_000,
      sessionBusyTimeoutMs = 60_000,
    } = options;
    checkLeaseOptions({ hostId, leaseTtlMs, sessionBusyTimeoutMs });
    this.#leaseOwner = `${hostId}/${randomUUID().slice(0, 8)}`;
    this.#leaseTtlMs = leaseTtlMs;
    this.#busyTimeoutMs = sessionBusyTimeoutMs;
  }

  /**
   * Validates the config (`InvalidConfigError` lists every problem), connects the servers and makes the model.
   * The API key and server values given literally are kept in memory only (`MissingSecretError` if a
   * `${NAME}` they read is not set); the session is stored and returned without them.
   */
  async initializeSession(config: unknown): Promise<SessionData> {
    const { stored, apiKey, servers } = withholdSecrets(parseLlmConfig(config));
    checkServersCanConnect({ config: stored, connectServers: this.#options.connectServers });
    const id = (this.#options.createSessionId ?? randomUUID)();
    // Kept in memory only, so the session can reopen after `dispose()` without a secret ever being stored.
    this.#secrets.set(id, { apiKey, servers });
    let live: LiveSession | undefined;
    try {
      live = await this.#open({ id, load: () => Promise.resolve(newSession(id, stored, this.#now())) });
      live.data = {
        ...live.data,
        version: await this.#store.save(live.data, { leaseOwner: this.#leaseOwner }),
        savedBy: this.#leaseOwner,
      };
    } catch (error) {
      this.#live.delete(id);
      this.#secrets.delete(id);
      await live?.servers?.close();
      throw error;
    }
    return structuredClone(live.data);
  }

  /**
   * Opens a stored session (after a restart) with the secrets it keeps in memory only: the API key (else read
   * from the environment) and the server `headers` and `env` values its config gave literally, by server name
   * (`{ servers: { api: { headers: { authorization: 'Bearer …' } } } }`). A value given here wins over the
   * stored one. `MissingSecretError` names each value still missing. Resuming an open session returns it
   * unchanged.
   */
  async resumeSession(
    sessionId: string,
    { apiKey, servers }: { apiKey?: string; servers?: ServerSecrets } = {},
  ): Promise<SessionData> {
    if ((apiKey !== undefined || servers !== undefined) && !this.#live.has(sessionId)) {
      const known = this.#secrets.get(sessionId);
      this.#secrets.set(sessionId, {
        apiKey: apiKey ?? known?.apiKey,
        servers: mergeServerSecrets(known?.servers, servers),
      });
    }
    try {
      const live = await this.#access(sessionId);
      // Checked as stored: another host's turns may have kept the session in use.
      const stored = (await this.#peek(sessionId)) ?? live.data;
      if (this.#isExpired(stored) && (await this.#expireIfIdle(sessionId))) {
        throw new SessionNotFoundError({ sessionId, reason: 'expired' });
      }
      return structuredClone(stored);
    } catch (error) {
      // Secrets for an id that names no session are not kept.
      if (SessionNotFoundError.isInstance(error)) this.#secrets.delete(sessionId);
      throw error;
    }
  }

  /**
   * The session as stored (no API key; server values given literally are `null`), or `undefined` when it
   * does not exist, expired or was closed.
   */
  async getSession(sessionId: string): Promise<SessionData | undefined> {
    if (this.#ended.reasonOf(sessionId) !== undefined) return undefined;
    const data = await this.#peek(sessionId);
    if (data === undefined) return undefined;
    if (this.#isExpired(data) && !this.#queues.has(sessionId) && (await this.#expireIfIdle(sessionId))) {
      return undefined;
    }
    return structuredClone(data);
  }

  /**
   * Sends a user message and streams the turn: thinking, tool and content chunks, errors (limits reached
   * included) and a last `done` chunk once the session is saved. A second message waits for the first. A
   * session whose last turn waits for approval refuses new messages (`ApprovalPendingError`): resume it first.
   */
  sendMessageStream(
    sessionId: string,
    text: string,
    { signal }: { signal?: AbortSignal } = {},
  ): MessageStream {
    return this.#queueTurn({ sessionId, input: { type: 'message', text }, signal });
  }

  /** Sends a user message and resolves with the turn's result, once the session is saved. */
  sendMessage(sessionId: string, text: string, options: { signal?: AbortSignal } = {}): Promise<LoopResult> {
    return this.sendMessageStream(sessionId, text, options).result;
  }

  /**
   * Resumes the turn that stopped with `approval_required` — after a restart too, with a file store — with a
   * decision for each pending call (`session.pausedTurn.pendingApprovals`), by tool-call id: approved calls
   * run, denied ones are answered with the reason, and the turn goes on, streamed like `sendMessageStream`.
   * Every limit counts as if the turn had not paused. Decisions missing, malformed or for calls that do not
   * wait, or a session with no paused turn, make the stream fail (`InvalidArgumentError`) before anything runs.
   *
   * @example
   * const decisions = Object.fromEntries(calls.map((call) => [call.toolCallId, { approved: true }]));
   * for await (const chunk of manager.resumeTurnStream(session.id, decisions)) console.log(chunk.type);
   */
  resumeTurnStream(
    sessionId: string,
    decisions: Record<string, ApprovalDecision>,
    { signal }: { signal?: AbortSignal } = {},
  ): MessageStream {
    return this.#queueTurn({ sessionId, input: { type: 'decisions', decisions }, signal });
  }

  /** Resumes a paused turn (see `resumeTurnStream`) and resolves with its result, once the session is saved. */
  resumeTurn(
    sessionId: string,
    decisions: Record<string, ApprovalDecision>,
    options: { signal?: AbortSignal } = {},
  ): Promise<LoopResult> {
    return this.resumeTurnStream(sessionId, decisions, options).result;
  }

  /**
   * Goes on with the turn a host left under way when it stopped (crashed, or was killed mid-turn), and streams
   * it: from its last checkpoint, its tool calls answered from the journal of their round, so none runs twice
   * (a call that started and never finished runs again only if idempotent; otherwise the model is told its
   * outcome is unknown). Call it from any host sharing the store, for a user who reconnects; the next message
   * to the session does the same before its own turn. While the host that runs the turn is alive, this waits
   * for its lease (up to `sessionBusyTimeoutMs`). A session with no turn under way fails the stream
   * (`InvalidArgumentError`).
   */
  continueTurnStream(sessionId: string, { signal }: { signal?: AbortSignal } = {}): MessageStream {
    return this.#queueTurn({ sessionId, input: { type: 'continue' }, signal });
  }

  /** Ends a session: aborts its turns, closes its MCP connections and deletes it from the store. */
  async closeSession(sessionId: string): Promise<void> {
    this.#ended.begin(sessionId, 'closed');
    await this.#settleTurns(sessionId);
    await this.#end(sessionId, 'closed');
  }

  /** Closes and deletes every stored session idle for longer than `idleTimeoutMs`; returns their ids. */
  async sweepExpiredSessions(): Promise<string[]> {
    const expired: string[] = [];
    for (const id of await this.#store.list()) {
      if (this.#queues.has(id)) continue;
      const data = await this.#peek(id);
      if (data !== undefined && this.#isExpired(data) && (await this.#expireIfIdle(id))) expired.push(id);
    }
    return expired;
  }

  /**
   * Aborts running turns and closes every open MCP connection; stored sessions stay and reopen when used.
   * Call it when the host shuts down: nothing the manager started outlives it.
   */
  async dispose(): Promise<void> {
    const ids = [...new Set([...this.#turns.keys(), ...this.#live.keys()])];
    await Promise.all(ids.map((id) => this.#settleTurns(id)));
    for (const [id, opening] of this.#openings) opening.abort(openingEndedError(id));
    const live = [...this.#live.values()];
    this.#live.clear();
    this.#opened.clear();
    await Promise.all(live.map(async (session) => (await session.catch(() => undefined))?.servers?.close()));
  }

  /** Queues a turn of a session behind its earlier ones and returns its stream. */
  #queueTurn({
    sessionId,
    input,
    signal,
  }: {
    sessionId: string;
    input: QueuedInput;
    signal: AbortSignal | undefined;
  }): MessageStream {
    const writer = createMessageStream({ sessionId });
    const onAbort = () => {
      writer.stream.abort(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted === true) onAbort();
    const turns = this.#turns.get(sessionId) ?? new Set();
    this.#turns.set(sessionId, turns.add(writer));
    const previous = this.#queues.get(sessionId) ?? Promise.resolve();
    const current = previous.then(async () => {
      try {
        await this.#runTurn(sessionId, input, writer);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        turns.delete(writer);
        if (turns.size === 0 && this.#turns.get(sessionId) === turns) this.#turns.delete(sessionId);
      }
    });
    this.#queues.set(sessionId, current);
    void current.then(() => {
      if (this.#queues.get(sessionId) === current) this.#queues.delete(sessionId);
    });
    return writer.stream;
  }

  async #runTurn(sessionId: string, input: QueuedInput, writer: MessageStreamWriter): Promise<void> {
    try {
      if (writer.signal.aborted) throw new TurnAbortedError({ reason: writer.signal.reason });
      const live = await this.#access(sessionId);
      const lease = await holdSessionLease({
        store: this.#store,
        sessionId,
        owner: this.#leaseOwner,
        ttlMs: this.#leaseTtlMs,
        busyTimeoutMs: this.#busyTimeoutMs,
        signal: writer.signal,
        onLost: (lost) => {
          writer.stream.abort(
            lost.type === 'busy'
              ? new SessionConflictError({ sessionId, reason: 'leased', ...lost })
              : new SessionNotFoundError({ sessionId, reason: 'unknown' }),
          );
        },
      });
      let outcome: SessionTurnOutcome | undefined;
      try {
        // Another host saved the session since this one did (a turn, or a session deleted and made again under
        // its id, whose versions start again): go on from the stored version.
        if (live.data.version !== lease.version || live.data.savedBy !== lease.savedBy) {
          live.data = await this.#load(sessionId);
        }
        if (this.#isExpired(live.data)) {
          await this.#end(sessionId, 'expired');
          throw new SessionNotFoundError({ sessionId, reason: 'expired' });
        }
        outcome = await this.#goOnWithTurnUnderWay(live, input, writer);
        if (outcome?.type !== 'failed' && input.type !== 'continue') {
          outcome = await this.#runSessionTurn(
            live,
            toTurnInput({ sessionId, session: live.data, input }),
            writer,
          );
        }
        if (outcome === undefined) {
          throw new InvalidArgumentError({
            argument: 'sessionId',
            message: `session '${sessionId}' has no turn under way: none was left by a host that stopped.`,
          });
        }
      } finally {
        await lease.release().catch(() => {
          // The lease runs out by itself: a store out of reach only keeps the session from others that long.
        });
      }
      // Only now, with the session saved and its lease given up: a host that sees `done` can run the next turn.
      switch (outcome.type) {
        case 'finished':
          writer.push(toMessageStreamChunk({ type: 'done', result: outcome.result }));
          writer.finish(outcome.result);
          break;
        case 'failed':
          writer.fail(outcome.error);
          break;
        default: {
          const unexpected: never = outcome;
          throw new Error(`Unknown turn outcome: ${JSON.stringify(unexpected)}`);
        }
      }
    } catch (error) {
      // Another host saved the session since this one read it: its copy is stale, so the next use reads it again.
      if (SessionConflictError.isInstance(error)) await this.#forget(sessionId);
      writer.fail(error);
    }
  }

  /**
   * Goes on with the turn the session has under way, when it has one: a host that stopped while it ran the
   * turn left it (this host holds the lease now, so none runs it). Its chunks go to this stream, after a status
   * line; its calls are answered from the journal of the round they were in.
   */
  async #goOnWithTurnUnderWay(
    live: LiveSession,
    input: QueuedInput,
    writer: MessageStreamWriter,
  ): Promise<SessionTurnOutcome | undefined> {
    const { turnUnderWay, toolJournal, messages } = live.data;
    if (turnUnderWay === undefined) return undefined;
    writer.push(toMessageStreamChunk({ type: 'status', message: resumedTurnStatus(input) }));
    return this.#runSessionTurn(
      live,
      { type: 'continue', turn: { ...turnUnderWay, messages }, journal: toolJournal },
      writer,
    );
  }

  /** Runs one turn of an open session (see `runSessionTurn`) and keeps the session as saved. */
  async #runSessionTurn(
    live: LiveSession,
    input: SessionTurnInput,
    writer: MessageStreamWriter,
  ): Promise<SessionTurnOutcome> {
    const outcome = await runSessionTurn({
      session: live.data,
      resources: live,
      input,
      tools: this.#options.tools,
      needsApproval: this.#options.needsApproval,
      idempotent: this.#options.idempotent,
      writer,
      store: this.#store,
      leaseOwner: this.#leaseOwner,
      now: this.#now,
    });
    live.data = outcome.session;
    return outcome;
  }

  /** Closes an open session and drops it from memory, keeping its secrets: its next use opens it from the store. */
  async #forget(sessionId: string): Promise<void> {
    const live = this.#live.get(sessionId);
    this.#live.delete(sessionId);
    this.#opened.delete(sessionId);
    this.#openings.get(sessionId)?.abort(openingEndedError(sessionId));
    await (await live?.catch(() => undefined))?.servers?.close();
  }

  /**
   * The open session, read from the store and opened if needed. Whether it expired is judged where its stored
   * version is known (a turn under its lease, `resumeSession`): this host's copy may be older than another's turns.
   */
  async #access(sessionId: string): Promise<LiveSession> {
    const ended = this.#ended.reasonOf(sessionId);
    if (ended !== undefined) throw new SessionNotFoundError({ sessionId, reason: ended });
    return await (this.#live.get(sessionId) ??
      this.#open({ id: sessionId, load: () => this.#load(sessionId) }));
  }

  /**
   * Ends a session that looks idle past `idleTimeoutMs`, unless it is in use: a turn of it runs on another host
   * (its lease is held), or one ran since the copy that looked idle was read. Judged under the session's lease, on
   * the stored version; `true` when the session was ended (or is gone).
   */
  async #expireIfIdle(sessionId: string): Promise<boolean> {
    const lease = await this.#store.acquireLease(sessionId, {
      owner: this.#leaseOwner,
      ttlMs: this.#leaseTtlMs,
    });
    if (lease.type === 'busy') return false;
    if (lease.type === 'acquired') {
      const stored = await this.#store.load(sessionId);
      if (stored !== undefined && !this.#isExpired(stored)) {
        await this.#store.releaseLease(sessionId, this.#leaseOwner);
        return false;
      }
    }
    await this.#end(sessionId, 'expired');
    return true;
  }

  /**
   * The session's data as stored, without opening it: other hosts may have run turns of it since this one did.
   * An opening under way is not waited for (its servers may wait for a user to sign in, who may ask for the
   * session meanwhile).
   */
  async #peek(sessionId: string): Promise<SessionData | undefined> {
    return await this.#store.load(sessionId);
  }

  async #load(sessionId: string): Promise<SessionData> {
    const data = await this.#store.load(sessionId);
    if (data === undefined) throw new SessionNotFoundError({ sessionId, reason: 'unknown' });
    return data;
  }

  /** Opens a session once, however many callers ask at the same time, with the secrets kept in memory. */
  #open({ id, load }: { id: string; load: () => Promise<SessionData> }) {
    const ended = new AbortController();
    this.#openings.set(id, ended);
    const opening = (async (): Promise<LiveSession> => {
      const data = await load();
      const secrets = this.#secrets.get(id);
      const environment = this.#options.environment ?? process.env;
      const resources = await openSessionResources({
        sessionId: id,
        config: data.llmConfig,
        apiKey: resolveApiKey({ type: data.llmConfig.type, apiKey: secrets?.apiKey, environment }),
        serverSecrets: secrets?.servers,
        environment,
        createModel: this.#options.createModel,
        connectServers: this.#options.connectServers,
        onElicitation: this.#options.onElicitation,
        onAuthorization: this.#options.onAuthorization,
        tokenStore: this.#options.tokenStore?.(id),
        signal: ended.signal,
      });
      return { data, ...resources };
    })();
    this.#live.set(id, opening);
    opening.then(
      (live) => {
        if (this.#live.get(id) === opening) this.#opened.set(id, live);
      },
      () => {
        if (this.#live.get(id) === opening) this.#live.delete(id);
      },
    );
    void opening
      .catch(() => undefined)
      .finally(() => {
        if (this.#openings.get(id) === ended) this.#openings.delete(id);
      });
    return opening;
  }

  /** Aborts every queued and running turn of a session and waits until they have settled (and saved). */
  async #settleTurns(sessionId: string): Promise<void> {
    for (const writer of this.#turns.get(sessionId) ?? []) writer.stream.abort('the session was closed');
    await this.#queues.get(sessionId);
  }

  async #end(sessionId: string, reason: SessionNotFoundReason): Promise<void> {
    this.#ended.begin(sessionId, reason);
    this.#secrets.delete(sessionId);
    await this.#forget(sessionId);
    await this.#store.delete(sessionId);
    // Only now may it be forgotten: a session whose delete failed stays refused rather than reopening.
    this.#ended.finish(sessionId);
  }

  #isExpired(data: SessionData): boolean {
    const idleTimeoutMs = this.#options.idleTimeoutMs ?? Infinity;
    return this.#now() - data.lastActivity.getTime() >= idleTimeoutMs;
  }
}

/** Why an opening was given up: its session closed, or the manager was disposed, before its servers started. */
function openingEndedError(sessionId: string): Error {
  return new Error(`Session '${sessionId}' was closed while its servers were starting.`);
}

function newSession(id: string, llmConfig: SessionData['llmConfig'], now: number): SessionData {
  return { id, llmConfig, messages: [], lastActivity: new Date(now), toolCallCount: 0, tokenCount: 0 };
}
