import type { Part } from '@google/genai';
import { readToolInputValue, type JsonObject } from '@toolloop/core';

/** A function call whose arguments are streaming (`partialArgs`), as far as it has come. */
export interface PartialCall {
  id?: string;
  name: string;
  args: JsonObject;
  /** Why the call's arguments were refused (nested too deep); its `args` are then `{}`. */
  inputError?: string;
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
      ...readArgs(call.args),
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

/**
 * A copy of a call's arguments, which its partial arguments may fill in; arguments nested deeper than text
 * arguments may be are refused as they are (`readToolInputValue`), before any copy could overflow the stack.
 */
function readArgs(value: unknown): { args: JsonObject; inputError?: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { args: {} };
  const read = readToolInputValue(value as JsonObject);
  if ('inputError' in read) return { args: {}, inputError: read.inputError };
  // The arguments are JSON the SDK parsed from the wire.
  return { args: JSON.parse(JSON.stringify(read.input)) as JsonObject };
}
