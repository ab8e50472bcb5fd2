import type { ToolLoopRun } from '../loop/create-tool-loop-run.js';
import type { LoopEvent } from '../loop/loop-event.js';
import type { LoopResult } from '../loop/loop-result.js';

/** Drains a run: every event it streamed, in order, and its result. */
export async function collectRun(run: ToolLoopRun): Promise<{ events: LoopEvent[]; result: LoopResult }> {
  const events: LoopEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}
