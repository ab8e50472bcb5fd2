import type { ScenarioFailure, TurnReport } from '../report/run-report.js';
import type { ScenarioJudges } from '../judge/open-scenario-judge.js';
import type { ScenarioProgress } from '../run/scenario-progress.js';
import { quoteUserText } from '../run/quote-user-text.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import type { ScenarioTurn } from '../scenario/scenario-schema.js';
import type { Simulation } from './simulate-schema.js';
import type { SimulatedReply, SimulatedUser } from './simulated-user.js';

/** A turn that ran: its report, and a check of it against another expectation. */
export interface RanTurn {
  report: TurnReport;
  check(expectation: Expectation | undefined, path: string): ScenarioFailure[];
}

/** How long the simulated user and the goal's judge may take to answer, each. */
const simulatedUserDeadlineMs = 60_000;

/**
 * Runs a simulated conversation: the simulated user writes a message, the agent answers it as a turn of the
 * conversation (`runTurn`, which checks the turn's `expect`), and a judge grades the whole conversation by
 * `simulate.until` (the goal itself when it is not given); until the judge finds the goal reached, the user gives
 * up, or `maxTurns` turns have run. Each simulated turn's report keeps the replies that wrote it (the last also the
 * one that gave up) and the goal's verdict. The failures it returns: a conversation that did not reach its goal,
 * saying how it ended, and the last turn against `expectLast`.
 */
export async function simulateConversation({
  turn,
  path,
  simulation,
  user,
  judges,
  turns,
  progress,
  runTurn,
}: {
  /** The scenario's turn that says `simulate`: its `llm` and `expect` hold for every simulated turn. */
  turn: ScenarioTurn;
  /** Its place in the scenario file, such as `turns[1]`. */
  path: string;
  simulation: Simulation;
  user: SimulatedUser;
  judges: ScenarioJudges;
  /** The turns of the conversation so far, which `runTurn` adds to. */
  turns: readonly TurnReport[];
  progress: ScenarioProgress;
  runTurn: (options: { turn: ScenarioTurn; path: string; named: string }) => Promise<RanTurn>;
}): Promise<ScenarioFailure[]> {
  const failures: ScenarioFailure[] = [];
  const { simulate: _simulate, ...each } = turn;
  const rubric = simulation.until ?? simulation.goal;
  let last: RanTurn | undefined;
  let ended: ScenarioFailure | undefined;
  for (let index = 0; index < simulation.maxTurns; index += 1) {
    progress.signal.throwIfAborted();
    progress.enter({
      path: `${path}.simulate`,
      during: `while the simulated user wrote turn ${index + 1}`,
      overdue: `the simulated user did not write turn ${index + 1}`,
      deadlineMs: simulatedUserDeadlineMs,
    });
    const reply = await user.next({ turns, signal: progress.signal });
    await user.route?.waitForIdle();
    if (reply.error !== undefined || reply.gaveUp) {
      // The reply that ended the conversation stays with its last turn (a scripted one when no simulated turn ran),
      // where the recording keeps it.
      const kept = last?.report ?? turns.at(-1);
      if (kept !== undefined) kept.simulatedUser = [...(kept.simulatedUser ?? []), reply];
      ended = endedByUser({ path, reply, index });
      break;
    }
    const simulatedPath = `${path}.simulated[${index}]`;
    last = await runTurn({
      turn: { ...each, user: reply.message },
      path: simulatedPath,
      named: `simulated turn ${index + 1} (${quoteUserText(reply.message)})`,
    });
    last.report.simulatedUser = [reply];
    progress.waitFor(`simulated turn ${index + 1} ended, but the judge of its goal did not answer`);
    const goal = await judges.grade({
      judge: { rubric, scope: 'conversation' },
      turns,
      signal: progress.signal,
    });
    await judges.route?.waitForIdle();
    last.report.goal = goal;
    if (goal.passed) break;
    if (goal.error !== undefined) {
      ended = {
        path: `${path}.simulate.until`,
        message: `the judge could not tell whether the goal is reached after simulated turn ${index + 1}: ${goal.error}`,
        expected: rubric,
        actual: goal.error,
      };
      break;
    }
    if (index === simulation.maxTurns - 1) {
      ended = {
        path: `${path}.simulate.maxTurns`,
        message: `the goal was not reached in ${simulation.maxTurns} simulated turns: the judge scored the conversation ${goal.score} of ${goal.scale.max}, below ${goal.threshold}: ${goal.reasons}`,
        expected: rubric,
        actual: goal.reasons ?? null,
      };
    }
  }
  if (ended !== undefined) failures.push(ended);
  if (simulation.expectLast !== undefined && last !== undefined)
    failures.push(...last.check(simulation.expectLast, `${path}.simulate.expectLast`));
  const left = user.scripted ? (user.route?.remainingSteps ?? 0) : 0;
  if (left > 0)
    failures.push({
      path: `${path}.simulate.script`,
      message: `${left} of the simulated user's messages were not used: the conversation ended before them`,
      expected: 0,
      actual: left,
    });
  return failures;
}

/** How a conversation the simulated user ended fails: it gave up, saying why, or it could not answer. */
function endedByUser({
  path,
  reply,
  index,
}: {
  path: string;
  reply: SimulatedReply;
  index: number;
}): ScenarioFailure {
  if (reply.error !== undefined) {
    return {
      path: `${path}.simulate`,
      message: `the simulated user could not write turn ${index + 1}: ${reply.error}`,
      expected: 'a message',
      actual: reply.error,
    };
  }
  return {
    path: `${path}.simulate`,
    message: `the simulated user gave up ${index === 0 ? 'before its first message' : `after ${index} simulated turn${index === 1 ? '' : 's'}`}, without reaching the goal: ${reply.message}`,
    expected: 'the goal reached',
    actual: reply.message,
  };
}
