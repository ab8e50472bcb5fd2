import type { LoopEvent, LoopResult, PendingApproval } from '@toolloop/core';
import type { ScenarioTurn } from '../scenario/scenario-schema.js';
import { handled, type CrashReport, type TurnRun, type TurnRunner } from './create-loop-turn-runner.js';
import { resolveApprovals } from './resolve-approvals.js';

/** The calls of a turn that waited for approval, and how its `approvals` answered them. */
export interface ApprovalTrail {
  paused: PendingApproval[];
  decided: Array<{ toolCallId: string; name: string; approved: boolean }>;
}

/**
 * Runs one scenario turn to its end: restarts the host first when it says so, sends its user message (or, with
 * none, continues the paused turn before), aborts it at the event its `abort` names or crashes its host at its
 * `crash` point (a new host goes on with it), and each time the turn stops with `approval_required` and every
 * waiting call has an answer in `approvals`, resumes it with them. The events of every part stream as one turn
 * (a part's `done` only at the end), and `result` is the last part's. Iterate `events` for `result` to settle.
 */
export function driveTurn({
  runner,
  turn,
  signal,
}: {
  runner: TurnRunner;
  turn: Pick<ScenarioTurn, 'user' | 'restart' | 'reopen' | 'approvals' | 'abort' | 'crash'>;
  /** Aborts the turn as `abort` does: the scenario's deadline. */
  signal?: AbortSignal;
}): TurnRun & { approvals: ApprovalTrail; crashReport: () => CrashReport } {
  const trail: ApprovalTrail = { paused: [], decided: [] };
  // `abort`: the scenario cancels the turn as a host would, at the first event it names.
  const aborter = new AbortController();
  const abortWithSignal = () => {
    aborter.abort(signal?.reason);
  };
  const abortsAt = (event: LoopEvent) =>
    turn.abort !== undefined &&
    !aborter.signal.aborted &&
    event.type === turn.abort.on &&
    (turn.abort.tool === undefined ||
      ((event.type === 'tool-start' || event.type === 'tool-result') && event.name === turn.abort.tool));
  let settle: { resolve: (result: LoopResult) => void; reject: (error: unknown) => void } | undefined;
  const result = new Promise<LoopResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const approvals = turn.approvals ?? [];
  let crashReport: (() => CrashReport) | undefined;

  /** Answers the waiting calls; `undefined` when one has no answer and the turn stays paused. */
  const decide = (pending: readonly PendingApproval[]) => {
    const decisions = resolveApprovals({ pending, approvals, offset: trail.paused.length });
    trail.paused.push(...pending);
    if (decisions === undefined) return undefined;
    for (const call of pending) {
      trail.decided.push({
        toolCallId: call.toolCallId,
        name: call.name,
        approved: decisions[call.toolCallId]?.approved === true,
      });
    }
    return decisions;
  };

  async function* events(): AsyncGenerator<LoopEvent> {
    if (signal?.aborted === true) abortWithSignal();
    signal?.addEventListener('abort', abortWithSignal, { once: true });
    try {
      if (approvals.length > 0 && runner.resume === undefined) {
        throw new Error(
          "`approvals` need a turn the scenario can resume (loop options, a session, a declarative or session agent); a full-form agent's own run cannot be resumed.",
        );
      }
      if (turn.restart === true) {
        if (runner.restart === undefined) {
          throw new Error('`restart` needs a session scenario: only SessionManager has a host to restart.');
        }
        // A restarted host gives its servers their headers again: a reopen's new ones among them.
        await runner.restart(turn.reopen?.servers);
      } else if (turn.reopen !== undefined) {
        if (runner.reopen === undefined) {
          throw new Error(
            '`reopen` needs a session scenario whose host connects servers (`session.servers`).',
          );
        }
        await runner.reopen(turn.reopen.servers);
      }
      let run: TurnRun;
      if (turn.user === undefined) {
        const pending = await runner.pendingApprovals?.();
        if (pending === undefined || pending.length === 0 || runner.resume === undefined) {
          throw new Error('This turn has no user message, but no turn before it waits for approval.');
        }
        const decisions = decide(pending);
        if (decisions === undefined) {
          throw new Error(
            `This turn continues the paused turn, but its approvals answer not every waiting call (${pending.map((call) => call.name).join(', ')}).`,
          );
        }
        run = runner.resume(decisions);
      } else {
        run = runner.start(turn.user, {
          signal: aborter.signal,
          ...(turn.crash === undefined ? {} : { crash: turn.crash }),
        });
        crashReport = run.crashReport;
      }
      for (;;) {
        let done: LoopEvent | undefined;
        for await (const event of run.events) {
          if (event.type === 'done') done = event;
          else yield event;
          if (abortsAt(event))
            aborter.abort(
              new Error(`The scenario aborted the turn at its first ${turn.abort?.on ?? ''} event.`),
            );
        }
        const last = await run.result;
        if (last.stopReason === 'approval_required') {
          const decisions = decide(last.pendingApprovals ?? []);
          if (decisions !== undefined && runner.resume !== undefined) {
            run = runner.resume(decisions);
            continue;
          }
        }
        if (done !== undefined) yield done;
        settle?.resolve(last);
        return;
      }
    } catch (error) {
      settle?.reject(error);
      throw error;
    } finally {
      signal?.removeEventListener('abort', abortWithSignal);
    }
  }

  return {
    events: events(),
    result: handled(result),
    approvals: trail,
    crashReport: () => crashReport?.() ?? { reached: false, waitedForLease: false },
  };
}
