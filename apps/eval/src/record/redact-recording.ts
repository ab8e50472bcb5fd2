import type { JsonValue } from '@toolloop/core';
import { createSecretRedactor } from '../redact/create-secret-redactor.js';
import { mapStrings } from '../redact/map-strings.js';
import type { RecordedModelExchange, RecordedModelResponse, RecordedToolCall } from './recording.js';
import { findStreamFormat } from './stream-formats.js';

/** What a recording leaves out, on top of keys and credential headers, which are never kept. */
export interface RecordingRedaction {
  /** Request headers whose values are replaced by `[redacted]` (names, any case). */
  headers?: readonly string[];
  /**
   * Request body fields replaced by `[redacted]`, as dotted paths; `*` stands for every element of an array
   * or every key of an object: `metadata.user_id`, `messages.*.content`. A `content` or `system` given as a
   * string stands for a list of its one text block, as the Messages API and chat completions read it: a path to
   * that block or its `text` (`messages.*.content.*.text`) redacts the string. A redacted field is also left out
   * of the drift check, since the recording no longer has its value.
   */
  bodyFields?: readonly string[];
}

export const redactedMark = '[redacted]';

/** A request body with the configured fields redacted. */
export function redactBody({ body, fields }: { body: JsonValue; fields: readonly string[] }): JsonValue {
  return fields.reduce((current, field) => redactPath(current, field.split('.'), undefined), body);
}

/** The fields whose string is the shorter form of a list of one text block (the Messages API's, chat's). */
const textContentFields = new Set(['content', 'system']);

/** `value` (found under `key`, when in an object) with what `path` names in it redacted. */
function redactPath(value: JsonValue, path: readonly string[], key: string | undefined): JsonValue {
  const [head, ...rest] = path;
  if (head === undefined) return redactedMark;
  // A string content stands for a list of one text block: a path to that block, or to its text, reaches it.
  if (
    typeof value === 'string' &&
    key !== undefined &&
    textContentFields.has(key) &&
    (head === '*' || head === '0') &&
    (rest.length === 0 || (rest.length === 1 && rest[0] === 'text'))
  )
    return redactedMark;
  if (Array.isArray(value)) {
    if (head === '*') return value.map((item) => redactPath(item, rest, undefined));
    const index = Number(head);
    return Number.isInteger(index) && index >= 0 && index < value.length
      ? value.map((item, at) => (at === index ? redactPath(item, rest, undefined) : item))
      : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (head === '*')
    return Object.fromEntries(
      Object.entries(value).map(([field, item]) => [field, redactPath(item, rest, field)]),
    );
  return head in value ? { ...value, [head]: redactPath(value[head] as JsonValue, rest, head) } : value;
}

/**
 * A model exchange as it may be written: configured headers and body fields redacted, and every secret value
 * (the run's keys) replaced wherever it appears, in the request or in the answer's bytes. A binary stream
 * (Bedrock's, whose frames carry checksums of their bytes) cannot be edited: one that holds a secret is an error,
 * and nothing is written.
 */
export function redactExchange({
  exchange,
  redaction,
  secrets,
}: {
  exchange: RecordedModelExchange;
  redaction: RecordingRedaction;
  secrets: readonly string[];
}): RecordedModelExchange {
  const hidden = new Set((redaction.headers ?? []).map((name) => name.toLowerCase()));
  const headers = Object.fromEntries(
    Object.entries(exchange.request.headers).map(([name, value]) => [
      name,
      hidden.has(name.toLowerCase()) ? redactedMark : value,
    ]),
  );
  const request = {
    ...exchange.request,
    headers,
    body: redactBody({ body: exchange.request.body, fields: redaction.bodyFields ?? [] }),
  };
  return {
    request: scrubSecrets(request, secrets),
    response: redactResponse({ response: exchange.response, secrets }),
  };
}

function redactResponse({
  response,
  secrets,
}: {
  response: RecordedModelResponse;
  secrets: readonly string[];
}): RecordedModelResponse {
  if (response.type !== 'stream') return scrubSecrets(response, secrets);
  const body = Buffer.from(response.body);
  if (findStreamFormat(response.contentType)?.text === true)
    return { ...response, body: Buffer.from(scrubSecrets(body.toString('utf8'), secrets)) };
  if (secrets.some((secret) => secret !== '' && body.includes(secret)))
    throw new Error(
      `An answer streamed as ${response.contentType} holds a credential of the run, in bytes that cannot be edited without breaking the stream: no recording is written.`,
    );
  return response;
}

/** A tool call as it may be written: every secret value replaced wherever it appears. */
export function redactToolCall({
  call,
  secrets,
}: {
  call: RecordedToolCall;
  secrets: readonly string[];
}): RecordedToolCall {
  return scrubSecrets(call, secrets);
}

/** Every secret value replaced wherever it appears, as reports redact them (URL secrets too). */
function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  return mapStrings(value, createSecretRedactor({ secrets }));
}
