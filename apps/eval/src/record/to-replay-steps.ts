import { join } from 'node:path';
import type { LlmStep } from '@toolloop/fake-llm';
import type { RecordedModelResponse, Recording } from './recording.js';

/**
 * The fake LLM's steps that answer a replay: each recorded stream sent back as its file's bytes, each recorded
 * error as the same status, type and message.
 */
export function toReplaySteps({
  recording,
  directory,
}: {
  recording: Recording;
  /** The recording's directory (`recordingDirectoryOf`). */
  directory: string;
}): LlmStep[] {
  return recording.turns.flatMap((turn, turnIndex) =>
    turn.models.map((exchange, modelIndex) =>
      exchange.response.type === 'stream'
        ? { replay: join(directory, `turn-${turnIndex + 1}`, `model-${modelIndex + 1}.response.sse`) }
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
    const body = JSON.parse(response.body) as { error?: { type?: unknown; message?: unknown } };
    if (typeof body.error?.type === 'string') type = body.error.type;
    if (typeof body.error?.message === 'string') message = body.error.message;
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
