import type { StopReason, ToolCallRecord } from '@toolloop/core';

/**
 * The stop reason of what a matcher received, or a `TypeError` naming the matcher and what it takes: a
 * `LoopResult` (what `run.result` resolves to), or anything else with a `stopReason`.
 */
export function readStopReason(received: unknown, matcher: string): StopReason {
  const value = field(received, 'stopReason');
  if (typeof value !== 'string') throw wrongInput(received, matcher);
  return value;
}

/** The tool calls of what a matcher received, or a `TypeError` naming the matcher and what it takes. */
export function readToolCalls(received: unknown, matcher: string): readonly ToolCallRecord[] {
  const value = field(received, 'toolCalls');
  if (!Array.isArray(value)) throw wrongInput(received, matcher);
  return value as ToolCallRecord[];
}

function field(received: unknown, name: string): unknown {
  return typeof received === 'object' && received !== null
    ? (received as Record<string, unknown>)[name]
    : undefined;
}

function wrongInput(received: unknown, matcher: string): TypeError {
  const got =
    field(received, 'result') instanceof Promise
      ? 'a run; pass `await run.result` instead'
      : received === null
        ? 'null'
        : typeof received === 'object'
          ? 'an object without it'
          : typeof received;
  return new TypeError(
    `${matcher} expects a LoopResult (what \`run.result\` resolves to) or another value with \`stopReason\` and \`toolCalls\`; got ${got}.`,
  );
}
