import type { ProxyUpstream } from './start-model-proxy.js';

/** What a live run of one provider needs: where the API is and the key, from the options or the environment. */
export interface LiveOptions {
  /** The API's base URL for every scenario (a proxy, vLLM, Ollama, or a fake LLM standing in for the API). */
  baseURL?: string;
  /** Where keys and base URLs are read. Default: `process.env`. */
  env?: Record<string, string | undefined>;
}

type LiveProvider = 'anthropic' | 'openai' | 'ollama' | 'xml';

const settings = {
  anthropic: {
    keyVariable: 'ANTHROPIC_API_KEY',
    urlVariable: 'ANTHROPIC_BASE_URL',
    defaultURL: 'https://api.anthropic.com',
  },
  openai: {
    keyVariable: 'OPENAI_API_KEY',
    urlVariable: 'OPENAI_BASE_URL',
    defaultURL: 'https://api.openai.com/v1',
  },
  xml: {
    keyVariable: 'OPENAI_API_KEY',
    urlVariable: 'OPENAI_BASE_URL',
    defaultURL: 'https://api.openai.com/v1',
  },
  ollama: { keyVariable: undefined, urlVariable: 'OLLAMA_BASE_URL', defaultURL: 'http://localhost:11434/v1' },
} as const;

/** A live run that cannot start: a key that is not set. The message names the variable, never a value. */
export class LiveSetupError extends Error {
  override readonly name = 'LiveSetupError';
}

/**
 * Where a provider's live requests go: the `baseURL` option, else `ANTHROPIC_BASE_URL` / `OPENAI_BASE_URL` /
 * `OLLAMA_BASE_URL`, else the public API; with the key of `ANTHROPIC_API_KEY` or `OPENAI_API_KEY` (Ollama
 * needs none). A missing key is a `LiveSetupError` naming the variable.
 */
export function resolveLiveUpstream({
  provider,
  live,
}: {
  provider: LiveProvider;
  live: LiveOptions;
}): ProxyUpstream & { keys: string[] } {
  const env = live.env ?? process.env;
  const setting = settings[provider];
  const baseURL = live.baseURL ?? env[setting.urlVariable] ?? setting.defaultURL;
  if (setting.keyVariable === undefined) return { baseURL, authHeaders: {}, keys: [] };
  const key = env[setting.keyVariable];
  if (key === undefined || key === '')
    throw new LiveSetupError(
      `A live run of an ${provider} scenario needs the API key in ${setting.keyVariable}; it is not set.`,
    );
  return {
    baseURL,
    authHeaders: provider === 'anthropic' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` },
    keys: [key],
  };
}
