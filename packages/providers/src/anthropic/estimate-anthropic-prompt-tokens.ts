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
  return Math.ceil(utf8Length(JSON.stringify({ tools, system, messages })) / 3);
}

/** The UTF-8 length of a string, without encoding it where the runtime can count it (Node's `Buffer`). */
function utf8Length(text: string): number {
  return typeof Buffer === 'function' ? Buffer.byteLength(text, 'utf8') : encoder.encode(text).length;
}
