import type { Part } from '@google/genai';
import type { JsonObject } from '@toolloop/core';

/** A function call whose arguments are streaming (`partialArgs`), as far as it has come. */
export interface PartialCall {
  id?: string;
  name: string;
  args: JsonObject;
  thoughtSignature?: string;
}

/**
 * Reads one `functionCall` part: a whole call (`args`, or none: a call without arguments) is done at once; a call
 * that says `willContinue` opens, its `partialArgs` fill its arguments (`$.field` paths, strings joined), and an
 * empty `functionCall` closes it, as Gemini streams arguments when asked to.
 */
export function readPartialArgs({ part, open }: { part: Part; open: PartialCall | undefined }): {
  open: PartialCall | undefined;
  done: PartialCall | undefined;
} {
  const call = part.functionCall ?? {};
  const signature = part.thoughtSignature === undefined ? {} : { thoughtSignature: part.thoughtSignature };
  if (call.name !== undefined) {
    const started: PartialCall = {
      ...(call.id === undefined ? {} : { id: call.id }),
      name: call.name,
      args: toJsonObject(call.args),
      ...signature,
    };
    if (call.willContinue === true) return { open: started, done: open };
    return { open: undefined, done: started };
  }
  if (open === undefined) return { open: undefined, done: undefined };
  for (const argument of call.partialArgs ?? []) {
    const field = /^\$\.(.+)$/u.exec(argument.jsonPath ?? '')?.[1];
    if (field === undefined) continue;
    const previous = open.args[field];
    if (argument.stringValue !== undefined)
      open.args[field] = (typeof previous === 'string' ? previous : '') + argument.stringValue;
    else if (argument.numberValue !== undefined) open.args[field] = argument.numberValue;
    else if (argument.boolValue !== undefined) open.args[field] = argument.boolValue;
    else if (argument.nullValue !== undefined) open.args[field] = null;
  }
  if (call.willContinue === true) return { open, done: undefined };
  return { open: undefined, done: open };
}

function toJsonObject(value: unknown): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  // The arguments are JSON the SDK parsed from the wire.
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}
