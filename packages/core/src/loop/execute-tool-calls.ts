import type { AbortFanOut } from '../internal/create-abort-fan-out.js';
import { countNoun } from '../internal/count-noun.js';
import { EventChannel } from '../internal/event-channel.js';
import { runWithConcurrency } from '../internal/run-with-concurrency.js';
import type { ToolCallPart } from '../model/messages.js';
import type { Usage } from '../model/usage.js';
import type { ToolRegistry } from './create-tool-registry.js';
import { executeToolCall } from './execute-tool-call.js';
import { recordedOutcome, runJournaledCall } from './run-journaled-call.js';
import type { ToolJournalEntry } from './tool-journal.js';
import { generateStatusLine } from './generate-status-line.js';
import type { LoopEvent } from './loop-event.js';
import type { PlannedToolCall } from './plan-tool-calls.js';
import { statusLines } from './status-lines.js';
import { toToolResultEvent, toToolStartEvent } from './tool-call-events.js';
import {
  extendErrorStreak,
  refuseAfterTurnEnded,
  refuseToolCall,
  type ToolCallOutcome,
} from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/**
 * Handles the calls of one response: the planned refusals are answered at once, the others run concurrently (up
 * to `toolConcurrency`), and a call whose turn has ended before it started is answered without running. Streams,
 * for every call, `tool-start` then `tool-result` (with an `error` event after a failure), and returns the
 * outcomes in call order once all have settled.
 */
export async function* executeToolCalls({
  calls,
  registry,
  round,
  options,
  turnSignal,
  turnAbort,
  statusSignal,
  errorStreak,
  onStatusUsage,
  journal,
}: {
  calls: PlannedToolCall[];
  registry: ToolRegistry;
  round: number;
  options: ResolvedLoopOptions;
  turnSignal: AbortSignal;
  /** Passes the turn's abort on to the calls that run (one listener on the turn's signal for all its calls). */
  turnAbort: AbortFanOut;
  /** Aborted when the turn ends: generated status requests may run until then. */
  statusSignal: AbortSignal;
  /** Failed calls in a row before this response's calls. */
  errorStreak: number;
  /** Called with the usage of each generated status request that finishes within the turn. */
  onStatusUsage: (usage: Usage) => void;
  /** With a `toolJournal`: what is known of the round's calls (see `Turn.journal`). */
  journal: Map<string, ToolJournalEntry> | undefined;
}): AsyncGenerator<LoopEvent, ToolCallOutcome[]> {
  const channel = new EventChannel<LoopEvent>();
  const outcomes: ToolCallOutcome[] = [];

  const report = (call: ToolCallPart, outcome: ToolCallOutcome) => {
    channel.push(toToolResultEvent(call, outcome, round));
    if (outcome.errorCode !== undefined && !turnSignal.aborted) {
      channel.push({
        type: 'error',
        code: outcome.errorCode,
        message: outcome.errorMessage ?? textOf(outcome),
        toolName: call.name,
        toolCallId: call.id,
      });
    }
  };

  /** A call after a streak that reached the limit does not start: the turn stops once the round settles. */
  const refuseAfterErrorStreak = (index: number): ToolCallOutcome | undefined => {
    let streak = errorStreak;
    for (let earlier = 0; earlier < index; earlier += 1) {
      const outcome = outcomes[earlier];
      // An earlier call still running (toolConcurrency above 1): the streak before this one is not known yet.
      if (outcome === undefined) return undefined;
      streak = extendErrorStreak(streak, outcome);
    }
    if (streak < options.maxConsecutiveErrors) return undefined;
    return refuseToolCall({
      text: `Not executed: the turn stopped after ${countNoun(options.maxConsecutiveErrors, 'tool call')} failed in a row.`,
    });
  };

  const handle = async ({ call, refusal }: PlannedToolCall, index: number) => {
    channel.push(toToolStartEvent(call, round));
    // A call an earlier run of the turn finished keeps its result, whatever happens now.
    const finished =
      journal?.get(call.id)?.status === 'finished' ? recordedOutcome(call, journal) : undefined;
    const answer =
      refusal ??
      finished ??
      (turnSignal.aborted
        ? (recordedOutcome(call, journal) ?? refuseAfterTurnEnded(call.name, turnSignal))
        : refuseAfterErrorStreak(index));
    if (answer !== undefined) {
      outcomes[index] = answer;
      report(call, answer);
      return;
    }
    const announcement = announceToolCall({
      call,
      options,
      statusSignal,
      show: (message) => {
        channel.push({ type: 'status', message });
      },
      onStatusUsage,
    });
    const source = registry.findSource(call.name);
    // The planner only runs calls to known tools; a source that vanished is still an error result, not a crash.
    const execute = async () =>
      source === undefined
        ? unknownSourceOutcome(call.name)
        : await executeToolCall({
            call,
            source,
            toolTimeoutMs: options.toolTimeoutMs,
            turnSignal,
            turnAbort,
            onProgress: ({ message, progress, total, kind }) => {
              channel.push({
                type: 'tool-progress',
                toolCallId: call.id,
                name: call.name,
                message,
                ...(typeof progress === 'number' ? { progress } : {}),
                ...(typeof total === 'number' ? { total } : {}),
                ...(kind === 'input' ? { kind } : {}),
                round,
              });
            },
          });
    const { toolJournal } = options;
    const outcome =
      toolJournal === undefined || journal === undefined
        ? await execute()
        : await runJournaledCall({
            call,
            journal: toolJournal,
            known: journal,
            registry,
            options,
            signal: turnSignal,
            run: execute,
          });
    announcement.stop();
    outcomes[index] = outcome;
    report(call, outcome);
  };

  const all = runWithConcurrency(calls.length, options.toolConcurrency, (index) =>
    handle(calls[index] as PlannedToolCall, index),
  ).finally(() => {
    channel.close();
  });
  for (;;) {
    const events = channel.take();
    for (const event of events) yield event;
    if (events.length > 0) continue;
    if (channel.closed) break;
    await channel.arrival();
  }
  await all;
  return outcomes;
}

/** The text blocks of an outcome, one per line; images and resources have no line of their own. */
function textOf(outcome: ToolCallOutcome): string {
  return outcome.output.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/**
 * Shows the status line of a starting call: the template at once, then, with generated lines, the sentence the
 * status model writes — if it arrives while the call still runs. The tool never waits for its status line. A
 * status request runs until it answers or the turn ends (`statusSignal`), so what it cost can be counted.
 */
function announceToolCall({
  call,
  options,
  statusSignal,
  show,
  onStatusUsage,
}: {
  call: ToolCallPart;
  options: ResolvedLoopOptions;
  statusSignal: AbortSignal;
  show: (line: string) => void;
  onStatusUsage: (usage: Usage) => void;
}): { stop(): void } {
  if (options.statusMessages === 'off') return noAnnouncement;
  show(statusLines.usingTool(call.name));
  if (options.statusMessages === 'template') return noAnnouncement;
  let running = true;
  generateStatusLine({
    model: options.statusModel ?? options.model,
    toolName: call.name,
    input: call.input,
    signal: statusSignal,
    onUsage: onStatusUsage,
  })
    .then((line) => {
      if (running && line !== undefined) show(line);
    })
    // generateStatusLine never rejects; this keeps a bug there from becoming an unhandled rejection.
    .catch(() => undefined);
  return {
    stop: () => {
      running = false;
    },
  };
}

/** The announcement of a call whose status line, if any, is shown at once. */
const noAnnouncement = { stop: () => undefined };

function unknownSourceOutcome(name: string): ToolCallOutcome {
  return {
    output: { content: [{ type: 'text', text: `Tool '${name}' is no longer available.` }], isError: true },
    isError: true,
    executed: false,
    countsAsError: true,
    errorCode: 'unknown_tool',
    durationMs: 0,
  };
}
