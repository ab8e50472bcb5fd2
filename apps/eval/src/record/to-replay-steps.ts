import { join } from 'node:path';
import type { LlmStep } from '@toolloop/fake-llm';
import { exchangeKinds, type RecordedModelResponse, type Recording } from './recording.js';
import { streamExtensionOf } from './stream-formats.js';

/**
 * The fake LLM's steps that answer a replay: each recorded stream sent back as its file's bytes
 * (`.response.sse`, `.ndjson` or `.bin`), each recorded error as the same status, type and message. `kind` says
 * whose: the agent's (`models`, the default), the judges' or the simulated user's, each answered on a route of
 * its own, in the order they were recorded.
 */
export function toReplaySteps({
  recording,
  directory,
  kind = 'models',
}: {
  recording: Recording;
  /** The recording's directory (`recordingDirectoryOf`). */
  directory: string;
  kind?: keyof typeof exchangeKinds;
}): LlmStep[] {
  return recording.turns.flatMap((turn, turnIndex) =>
    (turn[kind] ?? []).map((exchange, exchangeIndex) =>
      exchange.response.type === 'stream'
        ? {
            replay: join(
              directory,
              `turn-${turnIndex + 1}`,
              `${exchangeKinds[kind]}-${exchangeIndex + 1}.response.${streamExtensionOf(exchange.response.contentType)}`,
            ),
          }
        : { error: toErrorStep(exchange.response) },
    ),
  );
}

function toErrorStep(
  response: Extract<RecordedModelResponse, { type: 'error' }>,
): NonNullable<LlmStep['error']> {
  let type: string | undefined;
  let message: string | undefined;
  try {
    const body: unknown = JSON.parse(response.body);
    const error = readField(body, 'error');
    // Bedrock names the type in a header: `ThrottlingException:http://internal.amazon.com/coral/…`.
    type = readString(error, 'type') ?? response.headers['x-amzn-errortype']?.split(':')[0];
    // The Messages API, OpenAI and Gemini: `error.message`; Bedrock: `message`; Ollama: `error`, a string.
    message =
      readString(error, 'message') ??
      readString(body, 'message') ??
      (typeof error === 'string' ? error : undefined);
  } catch {
    message = response.body;
  }
  const retryAfter = Number(response.headers['retry-after']);
  return {
    // A recorded answer that was neither a stream nor an HTTP error cannot be sent again as either.
    status: response.status >= 400 && response.status <= 599 ? response.status : 502,
    ...(type === undefined ? {} : { type }),
    ...(message === undefined ? {} : { message }),
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  };
}

function readField(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function readString(value: unknown, name: string): string | undefined {
  const field = readField(value, name);
  return typeof field === 'string' ? field : undefined;
}
