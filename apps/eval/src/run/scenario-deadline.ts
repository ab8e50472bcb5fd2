import type { Agent } from '../agent/define-agent.js';
import type { Scenario, ScenarioTurn } from '../scenario/scenario-schema.js';

/** The loop's own deadline for a turn that sets none (`runToolLoop`'s `timeoutMs` default). */
const defaultTurnTimeoutMs = 120_000;
/** What a turn may take past its own deadline: checking its expectations, waiting for the fake LLM to settle. */
const turnMarginMs = 5_000;

/** How long a scenario's servers and agent may take to start, or to close: command servers start slowly on a busy machine. */
export const serversDeadlineMs = 30_000;

/**
 * How long a turn may run before the runner stops it: its own deadline (the `timeoutMs` of the scenario's loop
 * or session, or of its agent; the loop's 120 s where none is set), once more for each approval it resumes
 * with, and a margin. A turn that its own deadline cannot end (a hung wrapper, a loop bug) still ends the run.
 */
export function turnDeadlineMs({
  scenario,
  agent,
  turn,
}: {
  scenario: Pick<Scenario, 'loop' | 'session'>;
  agent: Agent | undefined;
  turn: Pick<ScenarioTurn, 'approvals'>;
}): number {
  const timeoutMs = turnTimeoutOf({ scenario, agent }) ?? defaultTurnTimeoutMs;
  return (1 + (turn.approvals?.length ?? 0)) * timeoutMs + turnMarginMs;
}

/** The turn deadline the scenario or its agent sets, if any. */
function turnTimeoutOf({
  scenario,
  agent,
}: {
  scenario: Pick<Scenario, 'loop' | 'session'>;
  agent: Agent | undefined;
}): number | undefined {
  if (agent === undefined) return scenario.loop?.timeoutMs ?? scenario.session?.timeout_ms;
  switch (agent.type) {
    case 'declarative':
      return agent.loop.timeoutMs;
    case 'session':
      return agent.config.timeout_ms;
    case 'run':
      return undefined;
    default: {
      const unexpected: never = agent;
      throw new Error(`Unknown agent form ${JSON.stringify(unexpected)}`);
    }
  }
}
