/**
 * The fake's estimate of a request's prompt tokens: four characters of its JSON body a token, at least one. Its
 * answers report it as input tokens, `count_tokens` answers it, and context windows are held to it.
 */
export function estimatePromptTokens(bodyLength: number): number {
  return Math.max(1, Math.ceil(bodyLength / 4));
}
