import { createToolLoopRun, type ToolLoopRun } from './create-tool-loop-run.js';
import { resolveLoopOptions } from './resolve-loop-options.js';
import { runTurn } from './run-turn.js';
import type { ToolLoopOptions } from './tool-loop-options.js';
import { traceTurn } from '../telemetry/trace-turn.js';

/**
 * Runs one user turn of the tool loop: the model is asked, the tools it calls run, their results go back,
 * and so on until the model answers or a limit stops the turn — always with a named `stopReason`.
 * Invalid options throw `InvalidArgumentError` at once; everything else is reported through the run.
 *
 * @example
 * const run = runToolLoop({ model, tools: [weather], prompt: 'Weather in Paris?', maxRounds: 2 });
 * for await (const event of run) if (event.type === 'content') process.stdout.write(event.text);
 * const { stopReason, text } = await run.result;
 */
export function runToolLoop(options: ToolLoopOptions): ToolLoopRun {
  const resolved = resolveLoopOptions(options);
  return createToolLoopRun((signal) => traceTurn({ options: resolved, signal, run: runTurn }));
}
