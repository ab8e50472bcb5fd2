import type { JsonValue } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';
import { toStableJson } from '../report/diff/to-stable-json.js';
import { redactBody } from './redact-recording.js';
import type { RecordedModelRequest } from './recording.js';

/**
 * Compares the model requests a replayed turn sent with the recorded ones, in order: the first request that
 * differs (a changed system prompt, tool schema, tool call) fails the turn with both bodies for the diff, and
 * a request beyond the recording fails it too. Fields the recording redacted are redacted on both sides.
 */
export function checkDrift({
  recorded,
  sent,
  path,
  bodyFields,
}: {
  recorded: readonly RecordedModelRequest[];
  sent: readonly JsonValue[];
  /** The turn's path, such as `turns[1]`. */
  path: string;
  bodyFields: readonly string[];
}): ScenarioFailure[] {
  for (const [index, body] of sent.entries()) {
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
