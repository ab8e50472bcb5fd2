/**
 * The APIs the fake speaks: the Messages API, chat completions and the Responses API (the last two answer errors
 * in OpenAI's shape), Gemini's generateContent (Google's error shape), Bedrock's Converse API (errors in AWS's
 * shape) and Ollama's native API (`{ "error": "…" }`).
 */
export type FakeLlmEndpoint = 'messages' | 'chat-completions' | 'responses' | 'gemini' | 'bedrock' | 'ollama';

/**
 * What a path asks for: a Messages API answer, a token count, a chat completion, a response, a generateContent,
 * a Converse, an Ollama chat.
 */
export type FakeLlmOperation =
  | 'messages'
  | 'count-tokens'
  | 'chat-completions'
  | 'responses'
  | 'gemini'
  | 'bedrock-converse'
  | 'ollama-chat';

/**
 * Which operation a path is for (`…/v1/messages`, `…/v1/messages/count_tokens`, `…/v1/chat/completions`,
 * `…/v1/responses`, `…/model/<modelId>/converse(-stream)`, Ollama's `/api/chat`, a trailing slash allowed;
 * Gemini's `…/v1beta/models/<model>:generateContent` and `:streamGenerateContent`, under `v1` too), or none.
 */
export function findOperation(path: string): FakeLlmOperation | undefined {
  if (/\/v1\/messages\/?$/u.test(path)) return 'messages';
  if (/\/v1\/messages\/count_tokens\/?$/u.test(path)) return 'count-tokens';
  if (/\/v1\/chat\/completions\/?$/u.test(path)) return 'chat-completions';
  if (/\/v1\/responses\/?$/u.test(path)) return 'responses';
  if (/^(?:\/(?:script|scenario)\/[^/]+)?\/api\/chat\/?$/u.test(path)) return 'ollama-chat';
  if (geminiPathPattern.test(path)) return 'gemini';
  if (/\/model\/[^/]+\/converse(?:-stream)?\/?$/u.test(path)) return 'bedrock-converse';
  return undefined;
}

/** Gemini's generateContent paths: the API version, the model, and the method. */
export const geminiPathPattern = /\/(v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/u;

/** The API whose error shape an operation's refusals take. */
export function findEndpoint(operation: FakeLlmOperation): FakeLlmEndpoint {
  if (operation === 'count-tokens') return 'messages';
  if (operation === 'bedrock-converse') return 'bedrock';
  return operation === 'ollama-chat' ? 'ollama' : operation;
}
