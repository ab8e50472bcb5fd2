import { runToolLoop, type ToolLoopRun, type TurnCheckpoint } from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
import { lookupOrder } from './support-tools.js';

/** The database row of the turn under way: its last checkpoint, as JSON text. */
let turnUnderWay: string | undefined;
/** This host goes down once: after the second round of its first turn. */
let crashes = 1;

/**
 * A support desk that saves the turn under way after every round (`onCheckpoint`), so that a turn cut off by a
 * crash goes on from its last round, on this host or another, rather than from the start. Two rounds a turn,
 * then a last answer. When the customer says "Go on." and a turn was left under way, it is resumed; any other
 * message starts a turn of its own.
 */
export function answerCustomer({ model, tools, messages, signal }: AgentRunContext): ToolLoopRun {
  const options = { model, tools, signal, maxRounds: 2 };
  const last = messages.at(-1);
  if (last?.content === 'Go on.' && turnUnderWay !== undefined) {
    const turn = JSON.parse(turnUnderWay) as TurnCheckpoint;
    turnUnderWay = undefined;
    return runToolLoop({ ...options, resume: { turn } });
  }
  const run: ToolLoopRun = runToolLoop({
    ...options,
    messages,
    onCheckpoint: (checkpoint) => {
      turnUnderWay = JSON.stringify(checkpoint);
      if (checkpoint.state.rounds === 2 && crashes > 0) {
        crashes -= 1;
        run.abort('the host went down');
      }
    },
  });
  return run;
}

export default defineAgent({ tools: [lookupOrder], run: answerCustomer });
