import { parseToolInput } from '@toolloop/core';
import type { ToolCallPart, WarningPart } from '@toolloop/core';

/** One entry of a chunk's `delta.tool_calls`, as loosely as servers send it. */
export interface OpenAIToolCallDelta {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

/** A tool call while it streams: what has arrived so far for its index. */
export interface StreamingToolCall {
  id: string | undefined;
  name: string;
  arguments: string;
}

/**
 * The tool calls of one response while they stream: each by its index, with what placing the next delta needs
 * kept as the calls come (the highest index taken, the index of each id), so a delta costs the same however
 * many calls came before it.
 */
export interface StreamingToolCalls {
  readonly byIndex: Map<number, StreamingToolCall>;
  /** The index of the first call each id was given to. */
  readonly indexOfId: Map<string, number>;
  /** The highest index taken so far; undefined before the first call. */
  highest: number | undefined;
}

export function createStreamingToolCalls(): StreamingToolCalls {
  return { byIndex: new Map(), indexOfId: new Map(), highest: undefined };
}

/**
 * Adds one tool-call delta to the calls streamed so far, keyed by `index` (which need not start at 0). The id
 * and name come from whichever chunk has them (continuation chunks may repeat them, or send `name: ""`), and
 * argument text is appended, so incremental and whole arguments both work. A delta without `index` (Mistral)
 * continues the call with its id, or the last call when it has none; a new id starts a new call. So does a new
 * id at an index whose call is already complete (servers that number every call 0).
 */
export function applyToolCallDelta({
  calls,
  delta,
  position,
}: {
  calls: StreamingToolCalls;
  delta: OpenAIToolCallDelta;
  position: number;
}): void {
  const index = resolveIndex({ calls, delta, position });
  let call = calls.byIndex.get(index);
  if (call === undefined) {
    call = { id: undefined, name: '', arguments: '' };
    calls.byIndex.set(index, call);
    if (calls.highest === undefined || index > calls.highest) calls.highest = index;
  }
  if (isNonEmpty(delta.id) && call.id === undefined) {
    call.id = delta.id;
    if (!calls.indexOfId.has(delta.id)) calls.indexOfId.set(delta.id, index);
  }
  const name = delta.function?.name;
  if (isNonEmpty(name) && call.name === '') call.name = name;
  const fragment = delta.function?.arguments;
  if (typeof fragment === 'string') call.arguments += fragment;
}

function resolveIndex({
  calls,
  delta,
  position,
}: {
  calls: StreamingToolCalls;
  delta: OpenAIToolCallDelta;
  position: number;
}): number {
  const { highest } = calls;
  const nextIndex = highest === undefined ? position : highest + 1;
  if (typeof delta.index === 'number') {
    const taken = calls.byIndex.get(delta.index);
    const startsAnother =
      taken?.id !== undefined &&
      isNonEmpty(delta.id) &&
      delta.id !== taken.id &&
      isCompleteJson(taken.arguments);
    return startsAnother ? nextIndex : delta.index;
  }
  if (isNonEmpty(delta.id)) return calls.indexOfId.get(delta.id) ?? nextIndex;
  return highest ?? position;
}

/**
 * The whole tool-call parts, in index order, with their arguments parsed (`""` is `{}`; invalid JSON is kept as
 * `rawInput` with an `inputError`). When the output was cut off (`finish_reason: length`), a call whose
 * arguments are empty or not valid JSON was cut mid-way: it is left out, with an `incomplete_tool_call`
 * warning, so it can never run. A call that came without an id (some servers send none) gets one of its own,
 * unique across responses, so results never pair with a call of an earlier round.
 */
export function finishToolCalls({
  calls,
  cutOff,
}: {
  calls: StreamingToolCalls;
  cutOff: boolean;
}): Array<ToolCallPart | WarningPart> {
  const parts: Array<ToolCallPart | WarningPart> = [];
  let madeUpPrefix: string | undefined;
  const makeUpId = (index: number) =>
    `${(madeUpPrefix ??= `call_${globalThis.crypto.randomUUID().slice(-12)}`)}_${index}`;
  for (const index of [...calls.byIndex.keys()].sort((left, right) => left - right)) {
    const call = calls.byIndex.get(index);
    if (call === undefined) continue;
    const id = call.id ?? makeUpId(index);
    if (cutOff && !isCompleteJson(call.arguments)) {
      parts.push({
        type: 'warning',
        code: 'incomplete_tool_call',
        message: `The response hit its output limit before the arguments of tool call '${call.name}' (${id}) were complete; the call was dropped and will not run.`,
      });
      continue;
    }
    parts.push({ type: 'tool-call', id, name: call.name, ...parseToolInput(call.arguments) });
  }
  return parts;
}

function isNonEmpty(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

function isCompleteJson(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
