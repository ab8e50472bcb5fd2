/** A Messages API request body for tests: one user message unless `messages` is given. */
export function createMessagesBody(
  options: { stream?: boolean; model?: string; messages?: unknown[]; tools?: unknown[] } = {},
): Record<string, unknown> {
  return {
    model: options.model ?? 'claude-sonnet-4-6',
    max_tokens: 256,
    messages: options.messages ?? [{ role: 'user', content: 'Hello?' }],
    ...(options.tools === undefined ? {} : { tools: options.tools }),
    ...(options.stream === undefined ? {} : { stream: options.stream }),
  };
}

/** POSTs a Messages API body with plain `fetch`. */
export function postMessages(options: {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}): Promise<Response> {
  return fetch(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
      'x-api-key': 'test',
      ...options.headers,
    },
    body: JSON.stringify(options.body),
    signal: options.signal,
  });
}
