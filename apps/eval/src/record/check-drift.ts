import type { JsonValue } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';
import { toStableJson } from '../report/diff/to-stable-json.js';
import { redactBody } from './redact-recording.js';
import type { RecordedModelRequest } from './recording.js';

/**
 * Compares the model requests a replayed turn sent with the recorded ones, in order: the first request that
 * differs fails the turn, by its path (the model Gemini and Bedrock name in it, another endpoint) with both paths,
 * else by its body (a changed system prompt, tool schema, tool call) with both bodies for the diff; a request
 * beyond the recording fails it too. Fields the recording redacted are redacted on both sides. The query string
 * a recording keeps is not compared: the fake LLM that answers a replay keeps only the path.
 */
export function checkDrift({
  recorded,
  sent,
  path,
  bodyFields,
}: {
  recorded: readonly RecordedModelRequest[];
  /** Each request's path, as `toReplayedPath` gives it, and its body. */
  sent: ReadonlyArray<{ path: string; body: JsonValue }>;
  /** The turn's path, such as `turns[1]`. */
  path: string;
  bodyFields: readonly string[];
}): ScenarioFailure[] {
  for (const [index, { path: sentPath, body }] of sent.entries()) {
    const expected = recorded[index];
    if (expected === undefined)
      return [
        {
          path,
          message: `model request ${index + 1} of the turn has no recording (the recording has ${recorded.length}); re-record with --update`,
          expected: null,
          kind: 'drift',
          actual: redactBody({ body, fields: bodyFields }),
        },
      ];
    const recordedPath = expected.path.split('?')[0] ?? expected.path;
    if (sentPath !== recordedPath)
      return [
        {
          path,
          message: `model request ${index + 1} of the turn went to ${sentPath}; the recorded one went to ${recordedPath} (the agent changed its model or endpoint, or the recording is stale); re-record with --update`,
          expected: recordedPath,
          kind: 'drift',
          actual: sentPath,
        },
      ];
    const actual = redactBody({ body, fields: bodyFields });
    if (toStableJson(actual) !== toStableJson(expected.body))
      return [
        {
          path,
          message: `model request ${index + 1} of the turn differs from the recording (the agent changed, or the recording is stale); re-record with --update`,
          expected: expected.body,
          kind: 'drift',
          actual,
        },
      ];
  }
  if (sent.length < recorded.length)
    return [
      {
        path,
        message: `the turn sent ${sent.length} model requests; the recording has ${recorded.length} (the agent stopped earlier); re-record with --update`,
        expected: recorded.length,
        kind: 'drift',
        actual: sent.length,
      },
    ];
  return [];
}
