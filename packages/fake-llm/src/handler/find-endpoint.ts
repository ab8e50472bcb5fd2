/**
 * The APIs the fake speaks: the Messages API, chat completions and the Responses API (the last two answer errors
 * in OpenAI's shape), and Bedrock's Converse API (errors in AWS's shape).
 */
export type FakeLlmEndpoint = 'messages' | 'chat-completions' | 'responses' | 'bedrock';

/** What a path asks for: a Messages API answer, a token count, a chat completion, or a response. */
export type FakeLlmOperation =
  'messages' | 'count-tokens' | 'chat-completions' | 'responses' | 'bedrock-converse';

/**
 * Which operation a path is for (`…/v1/messages`, `…/v1/messages/count_tokens`, `…/v1/chat/completions`,
 * `…/v1/responses`, `…/model/<modelId>/converse(-stream)`, a trailing slash allowed), or none.
 */
export function findOperation(path: string): FakeLlmOperation | undefined {
  if (/\/v1\/messages\/?$/u.test(path)) return 'messages';
  if (/\/v1\/messages\/count_tokens\/?$/u.test(path)) return 'count-tokens';
  if (/\/v1\/chat\/completions\/?$/u.test(path)) return 'chat-completions';
  if (/\/v1\/responses\/?$/u.test(path)) return 'responses';
  if (/\/model\/[^/]+\/converse(?:-stream)?\/?$/u.test(path)) return 'bedrock-converse';
  return undefined;
}

/** The API whose error shape an operation's refusals take. */
export function findEndpoint(operation: FakeLlmOperation): FakeLlmEndpoint {
  if (operation === 'bedrock-converse') return 'bedrock';
  return operation === 'count-tokens' ? 'messages' : operation;
}
