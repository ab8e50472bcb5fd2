import type { ModelEndpoint } from '../../create-scenario-model.js';

/**
 * Sends one streamed Messages API request to `endpoint` (through its `fetch`, when it has one) and gives back the
 * status and the answer's text, read to its end.
 */
export async function sendMessage({
  endpoint,
  text,
}: {
  endpoint: ModelEndpoint;
  text: string;
}): Promise<{ status: number; body: string }> {
  const send = endpoint.fetch ?? globalThis.fetch;
  const response = await send(`${endpoint.baseURL}/v1/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'toolloop-test-key',
      'anthropic-version': '2023-06-01',
    },
    body: JSON.stringify(messageBody(text)),
  });
  return { status: response.status, body: await response.text() };
}

/** The body `sendMessage` sends for `text`. */
export function messageBody(text: string) {
  return {
    model: 'claude-haiku-4-5',
    max_tokens: 64,
    stream: true,
    messages: [{ role: 'user', content: text }],
  };
}
