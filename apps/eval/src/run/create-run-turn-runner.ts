import type { Message, Model, ToolLoopRun } from '@toolloop/core';
import type { AgentRunContext, AgentTool } from '../agent/define-agent.js';
import { eventsOf, handled, type TurnRunner } from './create-loop-turn-runner.js';
import { toAgentFailure } from './to-agent-failure.js';

/**
 * Turns through a full-form agent's own `run`: each turn it gets the model, the tools and the conversation so
 * far ending with the user's message, and returns the run. A `run` that throws, returns something that is not
 * a run, or whose result rejects fails the turn, naming the user's file and line where the stack has them.
 * Its signal is aborted when the scenario ends, or when the scenario aborts the turn.
 */
export function createRunTurnRunner({
  run,
  model,
  tools,
  cwd,
}: {
  run: (context: AgentRunContext) => ToolLoopRun | Promise<ToolLoopRun>;
  model: Model;
  tools: readonly AgentTool[];
  cwd: string;
}): TurnRunner {
  const controller = new AbortController();
  let messages: Message[] = [];
  return {
    start(user, { signal } = {}) {
      const started = (async () => {
        const context: AgentRunContext = {
          model,
          tools: [...tools],
          messages: [...messages, { role: 'user', content: user }],
          signal: signal === undefined ? controller.signal : AbortSignal.any([controller.signal, signal]),
        };
        const returned: unknown = await Promise.resolve()
          .then(() => run(context))
          .catch((error: unknown) => {
            throw toAgentFailure({ error, what: "The agent's run threw", cwd });
          });
        if (!isRun(returned)) {
          throw new Error(
            `The agent's run returned ${describe(returned)}, not a run: return what runToolLoop returns.`,
          );
        }
        return returned;
      })();
      const result = started
        .then((running) =>
          Promise.resolve(running.result).catch((error: unknown) => {
            throw toAgentFailure({ error, what: "The agent's run failed", cwd });
          }),
        )
        .then((done) => {
          messages = done.messages;
          return done;
        });
      return { events: eventsOf(started), result: handled(result) };
    },
    close() {
      controller.abort(new Error('The scenario ended.'));
      return Promise.resolve();
    },
  };
}

function isRun(value: unknown): value is ToolLoopRun {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ToolLoopRun>)[Symbol.asyncIterator] === 'function' &&
    typeof (value as { result?: { then?: unknown } }).result?.then === 'function'
  );
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object'
    ? `an object with ${Object.keys(value).join(', ') || 'no keys'}`
    : `a ${typeof value}`;
}
