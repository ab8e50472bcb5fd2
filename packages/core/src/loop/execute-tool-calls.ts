import { createEventChannel } from '../internal/event-channel.js';
import { runWithConcurrency } from '../internal/run-with-concurrency.js';
import type { ToolCallPart } from '../model/messages.js';
import type { ToolRegistry } from './create-tool-registry.js';
import { executeToolCall } from './execute-tool-call.js';
import { generateStatusLine } from './generate-status-line.js';
import type { LoopEvent } from './loop-event.js';
import { statusLines } from './status-lines.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/**
 * Runs the calls of one response concurrently (up to `toolConcurrency`), streaming `tool_start`, status lines,
 * `tool_result` and error events as they happen, and returns every outcome by call id once all have settled.
 */
export async function* executeToolCalls({
  calls,
  registry,
  round,
  options,
  turnSignal,
}: {
  calls: ToolCallPart[];
  registry: ToolRegistry;
  round: number;
  options: ResolvedLoopOptions;
  turnSignal: AbortSignal;
}): AsyncGenerator<LoopEvent, Map<string, ToolCallOutcome>> {
  const channel = createEventChannel<LoopEvent>();
  const outcomes = new Map<string, ToolCallOutcome>();

  const runCall = async (call: ToolCallPart) => {
    channel.push({ type: 'tool_start', toolCallId: call.id, name: call.name, input: call.input, round });
    const announcement = announceToolCall({
      call,
      options,
      turnSignal,
      show: (message) => {
        channel.push({ type: 'status', message });
      },
    });
    const source = registry.findSource(call.name);
    // The planner only runs calls to known tools; a source that vanished is still an error result, not a crash.
    const outcome =
      source === undefined
        ? await Promise.resolve(unknownSourceOutcome(call.name))
        : await executeToolCall({ call, source, toolTimeoutMs: options.toolTimeoutMs, turnSignal });
    announcement.stop();
    outcomes.set(call.id, outcome);
    channel.push({
      type: 'tool_result',
      toolCallId: call.id,
      name: call.name,
      output: outcome.output,
      isError: outcome.isError,
      durationMs: outcome.durationMs,
      round,
    });
    if (outcome.errorCode !== undefined && !turnSignal.aborted) {
      channel.push({
        type: 'error',
        code: outcome.errorCode,
        message: outcome.output.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n'),
        toolName: call.name,
        toolCallId: call.id,
      });
    }
  };

  const all = runWithConcurrency(
    calls.map((call) => () => runCall(call)),
    options.toolConcurrency,
  ).finally(() => {
    channel.close();
  });
  yield* channel;
  await all;
  return outcomes;
}

/** Why a generated status line is no longer wanted; made once, since aborting with no reason builds an exception. */
const toolFinished = new Error('The tool call finished before its status line was ready.');

/**
 * Shows the status line of a starting call: the template at once, or a generated sentence when it arrives —
 * unless the call has finished by then (`stop`). The tool never waits for its status line.
 */
function announceToolCall({
  call,
  options,
  turnSignal,
  show,
}: {
  call: ToolCallPart;
  options: ResolvedLoopOptions;
  turnSignal: AbortSignal;
  show: (line: string) => void;
}): { stop(): void } {
  switch (options.statusMessages) {
    case 'off':
      return { stop: () => undefined };
    case 'template':
      show(statusLines.usingTool(call.name));
      return { stop: () => undefined };
    case 'generated': {
      const finished = new AbortController();
      const signal = AbortSignal.any([turnSignal, finished.signal]);
      void generateStatusLine({
        model: options.statusModel ?? options.model,
        toolName: call.name,
        input: call.input,
        signal,
      }).then((line) => {
        if (!signal.aborted) show(line ?? statusLines.usingTool(call.name));
      });
      return {
        stop: () => {
          finished.abort(toolFinished);
        },
      };
    }
    default: {
      const unexpected: never = options.statusMessages;
      throw new Error(`Unknown statusMessages '${String(unexpected)}'`);
    }
  }
}

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
