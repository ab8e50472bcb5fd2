import type * as OllamaClient from 'ollama';
import { ModelError } from '@toolloop/core';

/** Where Ollama serves its native API unless told otherwise. */
export const ollamaDefaultHost = 'http://127.0.0.1:11434';

/** The host requests go to: the option, else `OLLAMA_HOST`, else Ollama's default. */
export function resolveOllamaHost(host: string | undefined): string {
  const fromEnvironment = process.env['OLLAMA_HOST'];
  if (host !== undefined && host.trim() !== '') return host;
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '') return fromEnvironment;
  return ollamaDefaultHost;
}

/**
 * An `ollama` client for one request, loaded only when a request is made (the package is an optional peer
 * dependency). Its `fetch` carries the request's `signal`, so aborting it ends this request alone, from the
 * connection on (the client's own `abort()` would end every stream of the client, and cannot stop a request
 * whose headers have not come yet); nothing is shared between requests, so no socket outlives its request.
 */
export async function createOllamaClient(options: {
  host: string;
  headers: Record<string, string> | undefined;
  fetch: typeof globalThis.fetch | undefined;
  signal: AbortSignal;
}): Promise<OllamaClient.Ollama> {
  let loaded: typeof OllamaClient;
  try {
    loaded = await import('ollama');
  } catch (error) {
    throw new ModelError({
      message: "The ollama provider needs the 'ollama' package: install it (npm install ollama).",
      provider: 'ollama',
      retryable: false,
      errorType: 'missing_dependency',
      cause: error,
    });
  }
  const baseFetch = options.fetch ?? globalThis.fetch;
  const { signal } = options;
  const fetchWithSignal: typeof globalThis.fetch = (input, init) =>
    baseFetch(input, {
      ...init,
      signal: init?.signal == null ? signal : AbortSignal.any([init.signal, signal]),
    });
  return new loaded.Ollama({
    host: options.host,
    fetch: fetchWithSignal,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
}
