import type { ElicitationHandler, ElicitationRequest, ElicitationResponse } from '@toolloop/core/mcp';

/** One elicitation a server asked during a turn, and what the scenario answered. */
export interface ElicitationRecord {
  request: ElicitationRequest;
  /** `undefined` when the turn had no answer left (the server was told `cancel`). */
  answer: ElicitationResponse | undefined;
}

/**
 * The `elicit` answers of a scenario's turns: servers ask through `handler`, which gives the current turn's
 * answers in order and records every request. A request the turn has no answer left for is told `cancel`, and
 * shows up as unanswered when the turn ends.
 */
export interface ElicitationAnswers {
  handler: ElicitationHandler;
  startTurn(answers: readonly ElicitationResponse[]): void;
  /** What the servers asked in the turn, and how many of its answers were not used. */
  finishTurn(): { records: ElicitationRecord[]; unused: number };
}

export function createElicitationAnswers(): ElicitationAnswers {
  let queue: ElicitationResponse[] = [];
  let records: ElicitationRecord[] = [];
  return {
    handler: (request) => {
      const answer = queue.shift();
      records.push({ request, answer });
      return answer ?? { action: 'cancel' };
    },
    startTurn(answers) {
      queue = [...answers];
      records = [];
    },
    finishTurn() {
      const finished = { records, unused: queue.length };
      queue = [];
      records = [];
      return finished;
    },
  };
}
