import type { AnthropicAnswer } from './anthropic-answer.js';
import { isFakeThinkingSignatureOf, looksLikeFakeThinkingSignature } from './create-thinking-signature.js';
import type { RequestContentBlock, RequestMessage } from './messages-request-body.js';

/**
 * Checks thinking the way the Messages API does. The assistant message of the current tool-use cycle (the last
 * assistant message, when the request returns its tool results) must carry the reasoning blocks of the answer
 * it echoes byte for byte, in order, before any other block. An earlier answer's reasoning may be left out (the
 * API drops it), but if its echo (found by its tool call ids, or by its text when it made no tool calls) keeps
 * any, it must keep them all, unchanged and first. Answers the transcript does not contain are not checked. In
 * the other assistant messages, a thinking block with a signature of this fake must carry the text it was sent
 * with, and a signature shaped like this fake's must be one it made, or one a fake made for that very text (a
 * recording of another fake, replayed).
 */
export function checkThinkingEcho(options: {
  messages: RequestMessage[];
  answers: readonly AnthropicAnswer[];
}): string[] {
  const problems: string[] = [];
  const echoIndexes = new Set<number>();
  const currentCycle = findCurrentToolUseCycle(options.messages);
  // Made at the first answer with reasoning: most requests have none to check.
  let echoes: ReturnType<typeof indexAssistantMessages> | undefined;
  for (const answer of options.answers) {
    const sent = answer.content.filter(isReasoning).map(toComparable);
    if (sent.length === 0) continue;
    echoes ??= indexAssistantMessages(options.messages);
    const messageIndex = echoes.find(answer);
    const echo = options.messages[messageIndex];
    if (echo === undefined) continue;
    echoIndexes.add(messageIndex);
    const leading = echo.content.slice(0, sent.length).map(toComparable);
    const received = echo.content.filter(isReasoning).map(toComparable);
    if (JSON.stringify(leading) === JSON.stringify(sent)) continue;
    if (received.length === 0 && messageIndex !== currentCycle) continue;
    problems.push(
      `messages[${messageIndex}] echoes answer ${answer.id} but its reasoning blocks differ from what was sent. ` +
        `Sent ${JSON.stringify(sent)}; received ${received.length === 0 ? 'none' : JSON.stringify(received)}` +
        `${JSON.stringify(received) === JSON.stringify(sent) ? ' (not first in the message)' : ''}.`,
    );
  }
  for (const problem of checkSignatures({ ...options, skip: echoIndexes })) problems.push(problem);
  return problems;
}

function checkSignatures(options: {
  messages: RequestMessage[];
  answers: readonly AnthropicAnswer[];
  skip: Set<number>;
}): string[] {
  const sentTexts = new Map<string, string>();
  for (const answer of options.answers) {
    for (const block of answer.content)
      if (block.type === 'thinking') sentTexts.set(block.signature, block.thinking);
  }
  const problems: string[] = [];
  for (const [index, message] of options.messages.entries()) {
    if (message.role !== 'assistant' || options.skip.has(index)) continue;
    for (const block of message.content) {
      if (block.type !== 'thinking' || typeof block.signature !== 'string') continue;
      const sentText = sentTexts.get(block.signature);
      const signedElsewhere =
        typeof block.thinking === 'string' &&
        isFakeThinkingSignatureOf({ signature: block.signature, thinking: block.thinking });
      if (sentText === undefined && looksLikeFakeThinkingSignature(block.signature) && !signedElsewhere) {
        problems.push(
          `messages[${index}] has a thinking block whose signature this fake never sent (changed?).`,
        );
      } else if (sentText !== undefined && sentText !== block.thinking) {
        problems.push(
          `messages[${index}] has a thinking block signed by this fake whose text differs from what was sent: ` +
            `sent ${JSON.stringify(sentText)}, received ${JSON.stringify(block.thinking)}.`,
        );
      }
    }
  }
  return problems;
}

/**
 * The index of the assistant message whose tool calls the request answers (it is followed by the last message,
 * a user message with `tool_result` blocks), or -1 when the request returns no tool results.
 */
function findCurrentToolUseCycle(messages: RequestMessage[]): number {
  const last = messages.at(-1);
  const before = messages.at(-2);
  const returnsResults = last?.role === 'user' && last.content.some((block) => block.type === 'tool_result');
  const madeCalls = before?.role === 'assistant' && before.content.some((block) => block.type === 'tool_use');
  return returnsResults && madeCalls ? messages.length - 2 : -1;
}

function isReasoning(block: { type: string }): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking';
}

function toComparable(block: RequestContentBlock | AnthropicAnswer['content'][number]): unknown[] {
  const fields = block as Record<string, unknown>;
  switch (block.type) {
    case 'thinking':
      return [block.type, fields.thinking, fields.signature];
    case 'redacted_thinking':
      return [block.type, fields.data];
    default:
      return [block.type];
  }
}

/**
 * The request's assistant messages, indexed once by their tool call ids and by their whole text, so that each
 * answer's echo is found without walking the messages again: a script's answers accumulate over a conversation
 * (and over every conversation on the route), and each request repeats the messages of the ones before.
 */
function indexAssistantMessages(messages: RequestMessage[]): {
  /**
   * The first message that echoes the answer, or -1: one holding any of its tool calls (by id), or, for an
   * answer without tool calls, one whose text is the answer's (when it has any).
   */
  find: (answer: AnthropicAnswer) => number;
} {
  const byToolId = new Map<string, number>();
  const byText = new Map<string, number>();
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'assistant') continue;
    let text = '';
    for (const block of message.content) {
      if (block.type === 'tool_use' && !byToolId.has(String(block.id))) byToolId.set(String(block.id), index);
      if (block.type === 'text') text += String(block.text);
    }
    if (!byText.has(text)) byText.set(text, index);
  }
  return {
    find(answer) {
      let first = -1;
      let madeCalls = false;
      for (const block of answer.content) {
        if (block.type !== 'tool_use') continue;
        madeCalls = true;
        const index = byToolId.get(block.id);
        if (index !== undefined && (first === -1 || index < first)) first = index;
      }
      if (madeCalls) return first;
      const sentText = answer.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return sentText === '' ? -1 : (byText.get(sentText) ?? -1);
    },
  };
}
