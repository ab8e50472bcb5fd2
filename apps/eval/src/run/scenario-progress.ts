import type { ScenarioFailure, TurnReport } from '../report/run-report.js';

/** A step of a running scenario, as a deadline's failure names it. */
export interface ScenarioStep {
  /** Its place in the scenario file: `turns[1]`, or `(root)` outside the turns. */
  path: string;
  /** Where the scenario was while it ran: `in turn 2 ('Hello.')`, `while starting its servers`. */
  during: string;
  /** What did not happen in time: `turn 2 ('Hello.') did not end`, `its servers did not start`. */
  overdue: string;
  /** How long the step may take, when the scenario has no deadline of its own for the whole. */
  deadlineMs: number;
}

/**
 * Where a running scenario is, kept as it goes so that a scenario stopped at a deadline still reports what it
 * did: the turns that ended, the failures found so far, and the step under way.
 */
export interface ScenarioProgress {
  turns: TurnReport[];
  failures: ScenarioFailure[];
  /** Aborted when a deadline passes: the turn under way is aborted with it, and no other starts. */
  signal: AbortSignal;
  /** Starts a step; without a deadline for the whole scenario, the step's own starts now. */
  enter: (step: ScenarioStep) => void;
  /** Says what the step under way now waits for (what a deadline then reports), keeping its deadline. */
  waitFor: (overdue: string) => void;
}

/**
 * A scenario's progress under its deadlines: one for the whole scenario (`timeoutMs`), else one for each step.
 * `overdue` resolves with the failure when a deadline passes first (and the signal aborts); `clear` stops the
 * timer. After either, the steps the scenario enters as it winds down (closing its servers) start no timer.
 */
export function createScenarioProgress({ timeoutMs }: { timeoutMs: number | undefined }): {
  progress: ScenarioProgress;
  overdue: Promise<ScenarioFailure>;
  clear: () => void;
} {
  const controller = new AbortController();
  const startedAt = performance.now();
  let step: ScenarioStep = {
    path: '(root)',
    during: 'while starting',
    overdue: 'it did not start',
    deadlineMs: 0,
  };
  let stepStartedAt = startedAt;
  let timer: NodeJS.Timeout | undefined;
  // Once the result is out (a deadline passed, or the run ended), a scenario winding down arms no deadline more.
  let over = false;
  let expire: (failure: ScenarioFailure) => void = () => undefined;
  const overdue = new Promise<ScenarioFailure>((resolve) => {
    expire = (failure) => {
      over = true;
      controller.abort(new Error(failure.message));
      resolve(failure);
    };
  });
  const arm = (deadlineMs: number, whole: boolean) => {
    clearTimeout(timer);
    if (over) return;
    timer = setTimeout(() => {
      const elapsedMs = Math.round(performance.now() - (whole ? startedAt : stepStartedAt));
      const message = whole
        ? `the scenario did not end within ${formatSeconds(deadlineMs)} (scenarioTimeoutMs) and was stopped ${step.during}`
        : `${step.overdue} within ${formatSeconds(deadlineMs)} (its own timeouts and a margin; scenarioTimeoutMs sets one for the whole scenario), and the scenario was stopped`;
      expire({ path: step.path, message, expected: deadlineMs, actual: elapsedMs });
    }, deadlineMs);
  };
  if (timeoutMs !== undefined) arm(timeoutMs, true);
  return {
    progress: {
      turns: [],
      failures: [],
      signal: controller.signal,
      enter(next) {
        step = next;
        stepStartedAt = performance.now();
        if (timeoutMs === undefined) arm(next.deadlineMs, false);
      },
      waitFor(overdue) {
        step = { ...step, overdue };
      },
    },
    overdue,
    clear: () => {
      over = true;
      clearTimeout(timer);
    },
  };
}

/** `1 s`, `0.5 s`, `125 s`. */
function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}
