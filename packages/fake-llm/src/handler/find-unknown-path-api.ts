/** The API whose error shape answers a path the fake does not serve. */
export type UnknownPathApi = 'anthropic' | 'openai' | 'ollama' | 'gemini' | 'bedrock';

/** Ollama's native API: `/api/<name>` (`/api/chat`, `/api/tags`, …), not an `/api/v1/…` base URL. */
const ollamaPath = /^\/api\/(?!v\d+(?:\/|$))[^/]+/u;
/** Gemini's API: `/v1beta/…`, and its `models/<model>:<method>` paths under `/v1` too. */
const geminiPath = /^\/(?:v1beta(?:\/|$)|v1\/models\/[^/]+:)/u;
/** Bedrock's runtime operations on a model: `/model/<modelId>/invoke`, `…/converse`, …. */
const bedrockPath = /^\/model\/[^/]+\/[^/]+/u;
/** The Messages API's own paths (`/v1/messages/batches`, …) and the legacy Text Completions API. */
const anthropicPath = /^\/v1\/(?:messages(?:\/|$)|complete\/?$)/u;
/** Paths only OpenAI has (the Anthropic API has `/v1/models` and `/v1/files` too, so those are not here). */
const openAiPath =
  /^\/v1\/(?:chat|responses|completions|embeddings|audio|images|moderations|fine_tuning|assistants|threads|vector_stores|batches|uploads|realtime|conversations|containers|evals|videos)(?:\/|$)/u;

/**
 * Which API a request to a path the fake does not serve was meant for, so that it is answered in that API's
 * error shape (and its SDK can read the error):
 * 1. by the path (after any `/script/<id>` prefix, and from its `/v1` on), where only one API has it: Ollama's
 *    native `/api/…`; Bedrock's `/model/<modelId>/…`; Gemini's `/v1beta/…` and `/v1/models/<model>:<method>` (or an `x-goog-api-key` header); Anthropic's `/v1/messages/…` and `/v1/complete`; OpenAI's `/v1/chat/…`, `/v1/responses`,
 *    `/v1/completions`, `/v1/embeddings`, …;
 * 2. else by the headers: `anthropic-version` or `x-api-key` for Anthropic, `authorization: Bearer …` for OpenAI;
 * 3. else any other `/v1/…` path (`/v1/models`, `/v1/foo`) is OpenAI's, and the rest Anthropic's.
 */
export function findUnknownPathApi(options: { path: string; headers?: Headers }): UnknownPathApi {
  const path = options.path.replace(/^\/(?:script|scenario)\/[^/]+(?=\/)/u, '');
  if (ollamaPath.test(path)) return 'ollama';
  if (geminiPath.test(path) || options.headers?.has('x-goog-api-key') === true) return 'gemini';
  if (bedrockPath.test(path)) return 'bedrock';
  // A base URL may put the version under a prefix of its own (`/api/v1`, as OpenRouter does).
  const versioned = path.slice(Math.max(0, path.search(/\/v1(?:\/|$)/u)));
  if (anthropicPath.test(versioned)) return 'anthropic';
  if (openAiPath.test(versioned)) return 'openai';
  const { headers } = options;
  if (headers?.has('anthropic-version') === true || headers?.has('x-api-key') === true) return 'anthropic';
  if (/^bearer\s/iu.test(headers?.get('authorization') ?? '')) return 'openai';
  return /^\/v1(?:\/|$)/u.test(versioned) ? 'openai' : 'anthropic';
}
