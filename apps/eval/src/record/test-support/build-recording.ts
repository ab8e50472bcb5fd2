import type { JsonValue } from '@toolloop/core';
import type { Recording } from '../recording.js';

/**
 * A recording of one turn whose one model request, with `body`, was answered by the stream `answer`. For tests
 * that need any recording, or one they can tell from another by its answer.
 */
export function buildRecording({
  body = { model: 'claude-haiku-4-5' },
  answer = 'data: {}\n\n',
}: { body?: JsonValue; answer?: string } = {}): Recording {
  return {
    version: 1,
    scenario: 'refund',
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    servers: {},
    turns: [
      {
        user: 'Where is my order?',
        models: [
          {
            request: { method: 'POST', path: '/v1/messages', headers: {}, body },
            response: {
              type: 'stream',
              status: 200,
              contentType: 'text/event-stream',
              body: Buffer.from(answer),
            },
          },
        ],
        toolCalls: [],
      },
    ],
  };
}
