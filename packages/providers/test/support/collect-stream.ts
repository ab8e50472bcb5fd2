import type { Model, ModelRequest, ModelStreamPart } from '@toolloop/core';

/** A request with defaults for tests: one user message, no tools, a signal that never aborts. */
export function createModelRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: [{ role: 'user', content: 'Hello' }],
    tools: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Every part a model streams for one request, and the error that ended the stream, if any. */
export async function collectStream({
  model,
  request,
}: {
  model: Model;
  request: ModelRequest;
}): Promise<{ parts: ModelStreamPart[]; error?: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of model.stream(request)) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}
