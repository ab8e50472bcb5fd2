import { runToolLoop, type LoopEvent, type LoopResult, type Message, type Model } from '@toolloop/core';
import type { AgentLoopOptions, AgentSystemContext, AgentTool } from '../agent/define-agent.js';
import { toAgentFailure } from './to-agent-failure.js';

/** Runs a scenario's turns one after the other as one conversation. */
export interface TurnRunner {
  start(user: string): { events: AsyncIterable<LoopEvent>; result: Promise<LoopResult> };
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
  return {
    start(user) {
      const started = (async () => {
        const systemPrompt =
          typeof system === 'function'
            ? await Promise.resolve()
                .then(() => system({ messages: [...messages, { role: 'user', content: user }] }))
                .catch((error: unknown) => {
                  throw toAgentFailure({ error, what: "The agent's system prompt builder threw", cwd });
                })
            : system;
        return runToolLoop({
          model,
          ...(systemPrompt === undefined ? {} : { system: systemPrompt }),
          tools,
          messages,
          prompt: user,
          sessionToolCalls,
          sessionTokens,
          // A scenario's `loop` options and an agent's share their names and meanings with the core loop's.
          ...loop,
        });
      })();
      const result = started
        .then((run) => run.result)
        .then((done) => {
          messages = done.messages;
          sessionToolCalls = done.sessionToolCalls;
          sessionTokens = done.sessionTokens;
          return done;
        });
      return { events: eventsOf(started), result: handled(result) };
    },
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
