import type { JsonValue, LlmStep, LlmToolCall, LlmUsage } from './llm-step.js';

/** A value read from JSON or YAML, not yet checked. */
type Unchecked = Record<string, unknown>;

/** Thrown inside the parser with the path of the field at fault; `parseFakeLlmScript` turns it into a result. */
export class ScriptFieldError extends Error {
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`);
    this.name = 'ScriptFieldError';
  }
}

const stepFields = new Set([
  'thinking',
  'redactedThinking',
  'text',
  'thinkingAfterText',
  'toolCalls',
  'stopReason',
  'usage',
  'delayMs',
  'chunkDelayMs',
  'error',
  'truncate',
  'hang',
  'replay',
  'expectTools',
]);

/** Checks one `llm` step read from JSON or YAML; unknown fields are errors, so a typo cannot silently pass. */
export function parseLlmStep(value: unknown, path: string): LlmStep {
  const fields = readObject(value, path, stepFields);
  const step: LlmStep = {};
  const thinking = readOptional(fields, 'thinking', path, readString);
  if (thinking !== undefined) step.thinking = thinking;
  const redactedThinking = readOptional(fields, 'redactedThinking', path, readString);
  if (redactedThinking !== undefined) step.redactedThinking = redactedThinking;
  const text = readOptional(fields, 'text', path, readString);
  if (text !== undefined) step.text = text;
  if (fields.toolCalls !== undefined) {
    step.toolCalls = readList(fields.toolCalls, `${path}.toolCalls`).map((call, index) =>
      readToolCall(call, `${path}.toolCalls[${index}]`),
    );
  }
  const thinkingAfterText = readOptional(fields, 'thinkingAfterText', path, readString);
  if (thinkingAfterText !== undefined) {
    const missing = (['thinking', 'text', 'toolCalls'] as const).filter((field) => step[field] === undefined);
    if (missing.length > 0) {
      throw new ScriptFieldError(
        `${path}.thinkingAfterText`,
        `the thinking between an answer's text and its tool calls needs both, and the thinking before the text: add ${missing.join(', ')}`,
      );
    }
    step.thinkingAfterText = thinkingAfterText;
  }
  const stopReason = readOptional(fields, 'stopReason', path, readString);
  if (stopReason !== undefined) step.stopReason = stopReason;
  if (fields.usage !== undefined) step.usage = readUsage(fields.usage, `${path}.usage`);
  const delayMs = readOptional(fields, 'delayMs', path, readCount);
  if (delayMs !== undefined) step.delayMs = delayMs;
  const chunkDelayMs = readOptional(fields, 'chunkDelayMs', path, readCount);
  if (chunkDelayMs !== undefined) step.chunkDelayMs = chunkDelayMs;
  if (fields.error !== undefined) {
    const errorPath = `${path}.error`;
    const error = readObject(fields.error, errorPath, new Set(['status', 'type', 'message', 'retryAfter']));
    const status = readCount(error.status, `${errorPath}.status`);
    if (status < 400 || status > 599)
      throw new ScriptFieldError(`${errorPath}.status`, 'must be from 400 to 599');
    step.error = { status };
    const type = readOptional(error, 'type', errorPath, readString);
    if (type !== undefined) step.error.type = type;
    const message = readOptional(error, 'message', errorPath, readString);
    if (message !== undefined) step.error.message = message;
    const retryAfter = readOptional(error, 'retryAfter', errorPath, readCount);
    if (retryAfter !== undefined) step.error.retryAfter = retryAfter;
  }
  if (fields.truncate !== undefined) {
    const truncate = readObject(fields.truncate, `${path}.truncate`, new Set(['afterEvents']));
    step.truncate = { afterEvents: readCount(truncate.afterEvents, `${path}.truncate.afterEvents`) };
  }
  const hang = readOptional(fields, 'hang', path, readBoolean);
  if (hang !== undefined) step.hang = hang;
  const replay = readOptional(fields, 'replay', path, readString);
  if (replay !== undefined) step.replay = replay;
  if (fields.expectTools !== undefined) {
    step.expectTools =
      typeof fields.expectTools === 'boolean'
        ? fields.expectTools
        : readList(fields.expectTools, `${path}.expectTools`).map((name, index) =>
            readString(name, `${path}.expectTools[${index}]`),
          );
  }
  return step;
}

const usageFields = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

/** Reads a step's `usage`: counts, each optional. */
function readUsage(value: unknown, path: string): LlmUsage {
  const fields = readObject(value, path, new Set(usageFields));
  const usage: LlmUsage = {};
  for (const field of usageFields) {
    const count = readOptional(fields, field, path, readCount);
    if (count !== undefined) usage[field] = count;
  }
  return usage;
}

function readToolCall(value: unknown, path: string): LlmToolCall {
  const fields = readObject(value, path, new Set(['id', 'name', 'input', 'rawInput']));
  const name = readString(fields.name, `${path}.name`);
  const id = readOptional(fields, 'id', path, readString);
  if (fields.rawInput !== undefined) {
    if (fields.input !== undefined) throw new ScriptFieldError(path, 'has both input and rawInput; keep one');
    return {
      ...(id === undefined ? {} : { id }),
      name,
      rawInput: readString(fields.rawInput, `${path}.rawInput`),
    };
  }
  // Input read from JSON or YAML is JSON data already.
  const input = fields.input as JsonValue | undefined;
  return { ...(id === undefined ? {} : { id }), name, ...(input === undefined ? {} : { input }) };
}

/** Reads an object whose fields must all be in `known`. */
export function readObject(value: unknown, path: string, known: Set<string>): Unchecked {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ScriptFieldError(path, 'must be an object');
  }
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      throw new ScriptFieldError(`${path}.${key}`, `unknown field (known: ${[...known].join(', ')})`);
    }
  }
  return value as Unchecked;
}

/** Reads a list. */
export function readList(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ScriptFieldError(path, 'must be a list');
  return value as unknown[];
}

/** Reads a string. */
export function readString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new ScriptFieldError(path, 'must be a string');
  return value;
}

function readBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new ScriptFieldError(path, 'must be true or false');
  return value;
}

function readCount(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ScriptFieldError(path, 'must be a number, zero or more');
  }
  return value;
}

function readOptional<T>(
  fields: Unchecked,
  key: string,
  path: string,
  read: (value: unknown, path: string) => T,
): T | undefined {
  return fields[key] === undefined ? undefined : read(fields[key], `${path}.${key}`);
}
