import { scenarioProviders } from '../run/scenario-providers.js';
import type { ScenarioProvider } from '../scenario/wires.js';
import { LiveSetupError } from './live-setup-error.js';
import { resolveBedrockUpstream } from './resolve-bedrock-upstream.js';
import type { ProxyUpstream } from './start-model-proxy.js';

export { LiveSetupError } from './live-setup-error.js';

/** What a live run of one provider needs: where the API is and the key, from the options or the environment. */
export interface LiveOptions {
  /** The API's base URL for every scenario (a proxy, vLLM, Ollama, or a fake LLM standing in for the API). */
  baseURL?: string;
  /** Where keys and base URLs are read. Default: `process.env`. */
  env?: Record<string, string | undefined>;
}

/**
 * Where a provider's live requests go: the `baseURL` option, else the provider's variable
 * (`ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`, `GEMINI_BASE_URL`, `OLLAMA_HOST`, `OLLAMA_BASE_URL`), else the public
 * API; with the key of `ANTHROPIC_API_KEY`, `OPENAI_API_KEY` or `GEMINI_API_KEY` (Ollama needs none). A missing
 * key is a `LiveSetupError` naming the variable. Bedrock's requests are signed for the host they go to: the proxy
 * signs each again for the API with the AWS credentials (`resolveBedrockUpstream`).
 */
export function resolveLiveUpstream({
  provider,
  live,
}: {
  provider: ScenarioProvider;
  live: LiveOptions;
}): ProxyUpstream & { keys: string[] } {
  const env = live.env ?? process.env;
  if (provider === 'bedrock') return resolveBedrockUpstream({ baseURL: live.baseURL, env });
  const setting = scenarioProviders[provider].live;
  const baseURL =
    live.baseURL ??
    readBaseURL({ variable: setting.urlVariable, value: env[setting.urlVariable] }) ??
    setting.defaultURL;
  if (setting.keyVariable === undefined) return { baseURL, authHeaders: {}, keys: [] };
  const key = env[setting.keyVariable];
  if (key === undefined || key === '')
    throw new LiveSetupError(
      `A live run of ${/^[aeiou]/u.test(provider) ? 'an' : 'a'} ${provider} scenario needs the API key in ${setting.keyVariable}; it is not set.`,
    );
  return { baseURL, authHeaders: setting.authHeaders(key), keys: [key] };
}

/** A base URL variable's value, if set; Ollama's own clients read `OLLAMA_HOST` as `host:port` too, http implied. */
function readBaseURL({
  variable,
  value,
}: {
  variable: string;
  value: string | undefined;
}): string | undefined {
  if (value === undefined || value === '') return undefined;
  return variable === 'OLLAMA_HOST' && !/^[a-z][\w+.-]*:\/\//iu.test(value) ? `http://${value}` : value;
}
