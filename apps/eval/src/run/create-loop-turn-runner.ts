import {
  runToolLoop,
  type ApprovalDecision,
  type LoopEvent,
  type LoopResult,
  type Message,
  type Model,
  type PausedTurn,
  type PendingApproval,
} from '@toolloop/core';
import type { AgentLoopOptions, AgentSystemContext, AgentTool } from '../agent/define-agent.js';
import type { ScenarioTurn } from '../scenario/scenario-schema.js';
import { toAgentFailure } from './to-agent-failure.js';

/** Where a turn's `crash` ends its host. */
export type CrashPoint = NonNullable<ScenarioTurn['crash']>;

/** One turn (or one part of it, up to a pause for approval) as it runs: its events, then its result. */
export interface TurnRun {
  events: AsyncIterable<LoopEvent>;
  result: Promise<LoopResult>;
  /** For a turn started with a `crash`: what came of it (read once the turn has ended). */
  crashReport?: () => CrashReport;
}

/** What came of a turn's `crash`. */
export interface CrashReport {
  /** The turn reached its crash point, and its host ended there. */
  reached: boolean;
  /**
   * The new host found the session's lease held by the crashed host and waited for it to run out (false: it was
   * given the lease at once, which a crashed host's running lease must never allow).
   */
  waitedForLease: boolean;
}

/** Runs a scenario's turns one after the other as one conversation. */
export interface TurnRunner {
  /**
   * Starts a turn with the user's message; `signal` aborts it as a host's cancel would. `crash` ends the host at
   * that point of the turn, and a new host goes on with it (session runners only).
   */
  start(user: string, options?: { signal?: AbortSignal; crash?: CrashPoint }): TurnRun;
  /** Continues the last turn, which stopped with `approval_required`, with a decision for each waiting call. */
  resume?(decisions: Record<string, ApprovalDecision>): TurnRun;
  /** The calls the last turn waits for, when it stopped with `approval_required`. */
  pendingApprovals?(): Promise<PendingApproval[] | undefined>;
  /**
   * Restarts the host between turns (a new SessionManager over the same store), which gives its server headers
   * again, with these new ones (a turn's `reopen` beside its `restart`).
   */
  restart?(servers?: Record<string, { headers: Record<string, string> }>): Promise<void>;
  /**
   * Closes the host's open sessions and reopens this one with new headers for servers of its config (a
   * rotated token), by server name.
   */
  reopen?(servers: Record<string, { headers: Record<string, string> }>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Turns straight through `runToolLoop`, the transcript and the session's tool-call count carried from one turn
 * to the next. `system` may be built for each turn (a declarative agent's builder); a builder that throws fails
 * the turn, naming where it threw.
 */
export function createLoopTurnRunner({
  model,
  system,
  tools,
  loop,
  cwd,
}: {
  model: Model;
  system: string | ((context: AgentSystemContext) => string | Promise<string>) | undefined;
  tools: readonly AgentTool[];
  loop: AgentLoopOptions;
  /** Where the user's files are shown relative to. */
  cwd: string;
}): TurnRunner {
  let messages: Message[] = [];
  let sessionToolCalls = 0;
  let sessionTokens = 0;
  let paused: PausedTurn | undefined;
  /** The system prompt of the last turn, which a resumed turn goes on with. */
  let lastSystem: string | undefined;
  const keep = (done: LoopResult) => {
    messages = done.messages;
    sessionToolCalls = done.sessionToolCalls;
    sessionTokens = done.sessionTokens;
    paused = done.pausedTurn;
    return done;
  };
  return {
    start(user, { signal } = {}) {
      const started = (async () => {
        const systemPrompt =
          typeof system === 'function'
            ? await Promise.resolve()
                .then(() => system({ messages: [...messages, { role: 'user', content: user }] }))
                .catch((error: unknown) => {
                  throw toAgentFailure({ error, what: "The agent's system prompt builder threw", cwd });
                })
            : system;
        lastSystem = systemPrompt;
        return runToolLoop({
          model,
          ...(systemPrompt === undefined ? {} : { system: systemPrompt }),
          tools,
          messages,
          prompt: user,
          sessionToolCalls,
          sessionTokens,
          ...(signal === undefined ? {} : { signal }),
          // A scenario's `loop` options and an agent's share their names and meanings with the core loop's.
          ...loop,
        });
      })();
      const result = started.then((run) => run.result).then(keep);
      return { events: eventsOf(started), result: handled(result) };
    },
    resume(decisions) {
      const turn = paused;
      if (turn === undefined) throw new Error('No turn waits for approval.');
      // The paused turn carries the transcript and every count; the options, the system prompt too, go again.
      const started = Promise.resolve().then(() =>
        runToolLoop({
          model,
          ...(lastSystem === undefined ? {} : { system: lastSystem }),
          tools,
          ...loop,
          resume: { turn, decisions },
        }),
      );
      const result = started.then((run) => run.result).then(keep);
      return { events: eventsOf(started), result: handled(result) };
    },
    pendingApprovals: () => Promise.resolve(paused?.pendingApprovals),
    close: () => Promise.resolve(),
  };
}

/** The events of a run that is still starting; a start that fails throws from the iteration. */
export async function* eventsOf(started: Promise<AsyncIterable<LoopEvent>>): AsyncGenerator<LoopEvent> {
  yield* await started;
}

/**
 * The same promise, marked handled: when a turn fails to start, its events throw first and nobody awaits the
 * result, which must not then surface as an unhandled rejection.
 */
export function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
