import type { JsonValue } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';
import { toStableJson } from '../report/diff/to-stable-json.js';
import { redactBody } from './redact-recording.js';
import { toShortestMessagesForm } from './to-shortest-messages-form.js';
import type { exchangeKinds, RecordedModelRequest } from './recording.js';

/**
 * Compares the model requests a replayed turn sent with the recorded ones, in order: the first request that
 * differs fails the turn, by its path (the model Gemini and Bedrock name in it, another endpoint) with both paths,
 * else by its body (a changed system prompt, tool schema, tool call) with both bodies for the diff; a request
 * beyond the recording fails it too. Fields the recording redacted are redacted on both sides. The query string
 * a recording keeps is not compared: the fake LLM that answers a replay keeps only the path. Of a Messages API
 * body, a content of one text block and its text as a string are the same (`toShortestMessagesForm`): both
 * bodies are compared, and shown, in the shorter form.
 */
export function checkDrift({
  recorded,
  sent,
  path,
  bodyFields,
  kind = 'models',
}: {
  recorded: readonly RecordedModelRequest[];
  /** Each request's path, as `toReplayedPath` gives it, and its body. */
  sent: ReadonlyArray<{ path: string; body: JsonValue }>;
  /** The turn's path, such as `turns[1]`. */
  path: string;
  bodyFields: readonly string[];
  /** Whose requests: the agent's (the default), the judges' or the simulated user's. */
  kind?: keyof typeof exchangeKinds;
}): ScenarioFailure[] {
  const { what, many, why, drifted } = driftWords[kind];
  const drift = { kind: 'drift', drifted } as const;
  for (const [index, { path: sentPath, body }] of sent.entries()) {
    const expected = recorded[index];
    if (expected === undefined)
      return [
        {
          path,
          message: `${what} ${index + 1} of the turn has no recording (the recording has ${recorded.length}); ${why.update}`,
          expected: null,
          ...drift,
          actual: toComparableBody(sentPath)(redactBody({ body, fields: bodyFields })),
        },
      ];
    const recordedPath = expected.path.split('?')[0] ?? expected.path;
    if (sentPath !== recordedPath)
      return [
        {
          path,
          message: `${what} ${index + 1} of the turn went to ${sentPath}; the recorded one went to ${recordedPath} (${why.endpoint}, or the recording is stale); ${why.update}`,
          expected: recordedPath,
          ...drift,
          actual: sentPath,
        },
      ];
    // Both bodies as the API reads them, so a diff of a real change is not buried under forms that mean the same;
    // the recorded one redacted again, as a field configured after it was recorded is left out of both.
    const comparable = toComparableBody(sentPath);
    const actual = comparable(redactBody({ body, fields: bodyFields }));
    const recordedBody = comparable(redactBody({ body: expected.body, fields: bodyFields }));
    if (toStableJson(actual) !== toStableJson(recordedBody))
      return [
        {
          path,
          message: `${what} ${index + 1} of the turn differs from the recording (${why.body}, or the recording is stale); ${why.update}`,
          expected: recordedBody,
          ...drift,
          actual,
        },
      ];
  }
  if (sent.length < recorded.length)
    return [
      {
        path,
        message: `the turn sent ${sent.length} ${many}; the recording has ${recorded.length} (${why.fewer}); ${why.update}`,
        expected: recorded.length,
        ...drift,
        actual: sent.length,
      },
    ];
  return [];
}

/** A body of a request to `path` in the form the drift check compares: the shortest, on the Messages API. */
function toComparableBody(path: string): (body: JsonValue) => JsonValue {
  return path.endsWith('/v1/messages') ? toShortestMessagesForm : (body) => body;
}

/** How a drift of each kind of request is told: what drifted, why it may have, and what re-records it. */
const driftWords = {
  models: {
    what: 'model request',
    many: 'model requests',
    drifted: 'agent',
    why: {
      endpoint: 'the agent changed its model or endpoint',
      body: 'the agent changed',
      fewer: 'the agent stopped earlier',
      update: 're-record with --update',
    },
  },
  judges: {
    what: 'judge request',
    many: 'judge requests',
    drifted: 'judge',
    why: {
      endpoint: "the judge's model changed",
      body: "the judge's input changed: the agent answered differently, or the rubric changed",
      fewer: 'fewer turns were judged, or fewer went wrong',
      update: 'grade it again with --update',
    },
  },
  users: {
    what: "simulated user's request",
    many: "simulated user's requests",
    drifted: 'user',
    why: {
      endpoint: "the simulated user's model changed",
      body: 'the conversation, the persona or the goal changed',
      fewer: 'the conversation ended earlier',
      update: 're-record with --update',
    },
  },
} as const satisfies Record<
  keyof typeof exchangeKinds,
  {
    what: string;
    many: string;
    drifted: NonNullable<ScenarioFailure['drifted']>;
    why: Record<string, string>;
  }
>;
