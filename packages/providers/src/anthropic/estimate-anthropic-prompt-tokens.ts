import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';

const encoder = new TextEncoder();

/**
 * A generous estimate of a request's prompt tokens (tools, system prompt and messages): a token for every three
 * bytes of their JSON. English text runs at about four characters a token, JSON and code nearer three, and
 * non-Latin scripts at about one character (three bytes) a token, so the estimate errs on the high side: it
 * decides whether cache breakpoints are worth sending, and one sent for a prefix too short to cache costs
 * nothing.
 */
export function estimateAnthropicPromptTokens(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>,
): number {
  const { tools, system, messages } = params;
  return Math.ceil(encoder.encode(JSON.stringify({ tools, system, messages })).length / 3);
}
