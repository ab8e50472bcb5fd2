import { HookError } from '../errors/hook-error.js';
import { describeThrown } from '../internal/describe-thrown.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { ToolCallPart } from '../model/messages.js';
import type { ToolRegistry } from './create-tool-registry.js';
import { callHook } from './features/host-hooks.js';
import { createErrorOutput, type ToolCallOutcome } from './tool-call-outcome.js';
import type { ToolJournal, ToolJournalEntry } from './tool-journal.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/**
 * Runs a call through the turn's tool journal. A call the journal says started and never finished (the host
 * stopped while it ran) runs again only if it is idempotent, and is otherwise answered with an error saying its
 * outcome is unknown. Any other call is recorded as started before it runs, and as finished with its outcome
 * before the outcome is used. `known` (the turn's view of the journal) follows each call. A `finished` record that
 * fails leaves the call's outcome as it is, with the failure (`journalError`): the round keeps the result, then
 * ends the turn. A call the journal says finished is answered before this (`recordedOutcome`).
 */
export async function runJournaledCall({
  call,
  journal,
  known,
  registry,
  options,
  signal,
  run,
}: {
  call: ToolCallPart;
  journal: ToolJournal;
  known: Map<string, ToolJournalEntry>;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
  run: () => Promise<ToolCallOutcome>;
}): Promise<ToolCallOutcome> {
  const recorded = known.get(call.id);
  if (recorded?.status === 'started' && !(await isIdempotent({ call, registry, options, signal }))) {
    return interruptedOutcome(call.name);
  }
  if (recorded === undefined) {
    const started: ToolJournalEntry = { toolCallId: call.id, name: call.name, status: 'started' };
    await callHook('toolJournal', signal, () => journal.record(started));
    known.set(call.id, started);
  }
  const outcome = await run();
  // A call the turn answered without running it (it ended first, its input was invalid) left nothing to record.
  if (!outcome.executed) return outcome;
  const finished: ToolJournalEntry = {
    toolCallId: call.id,
    name: call.name,
    status: 'finished',
    output: outcome.output,
    isError: outcome.isError,
  };
  known.set(call.id, finished);
  try {
    await callHook('toolJournal', signal, () => journal.record(finished));
  } catch (error) {
    return { ...outcome, journalError: error };
  }
  return outcome;
}

/**
 * What the journal says of a call that is answered without running now: its recorded result when it finished,
 * or that it was interrupted when it started; `undefined` when it never started.
 */
export function recordedOutcome(
  call: ToolCallPart,
  known: ReadonlyMap<string, ToolJournalEntry> | undefined,
): ToolCallOutcome | undefined {
  const recorded = known?.get(call.id);
  if (recorded === undefined) return undefined;
  if (recorded.status === 'started') return interruptedOutcome(call.name);
  return {
    output: recorded.output,
    isError: recorded.isError,
    executed: true,
    countsAsError: recorded.isError,
    durationMs: 0,
  };
}

/** A call cut short by a crash, not run again: the model is told its effect may or may not have happened. */
function interruptedOutcome(name: string): ToolCallOutcome {
  const text =
    `Interrupted: '${name}' started before the host running this turn stopped, and whether it finished is ` +
    'unknown. It was not run again, since running it twice could repeat its effect: check its effect before ' +
    'calling it again.';
  return {
    output: createErrorOutput(text),
    isError: true,
    executed: true,
    countsAsError: true,
    errorCode: 'tool_interrupted',
    durationMs: 0,
  };
}

/**
 * Whether a call may run twice: by the loop's `idempotent` rule (any tool), or the local tool's own (given the
 * validated input). A rule that throws is a `HookError`.
 */
async function isIdempotent({
  call,
  registry,
  options,
  signal,
}: {
  call: ToolCallPart;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
}): Promise<boolean> {
  const decide = async () => {
    if (
      options.idempotent !== undefined &&
      (await options.idempotent({ name: call.name, input: call.input }))
    )
      return true;
    const tool = registry.findLocalTool(call.name);
    const rule = tool?.idempotent;
    if (tool === undefined || rule === undefined || rule === false) return false;
    if (rule === true) return true;
    const validation = await tool.validateInput(call.input);
    return validation.success && (await rule(validation.value));
  };
  try {
    return await raceWithSignal(decide(), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new HookError({
      hook: 'idempotent',
      message: `idempotent threw for '${call.name}': ${describeThrown(error)}`,
      cause: error,
    });
  }
}
