import { APIError } from '@anthropic-ai/sdk';
import { createPartMemo } from '@toolloop/core/internal';
import type { MessageCreateParamsStreaming as BetaMessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/beta/messages';
import { canonicalMessage, threadFingerprint } from './canonical-anthropic-message.js';
import { watchReply } from './watch-anthropic-reply.js';
import type {
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';

/** The beta a request with a `thread` names (the SDK's own thread helper sends the same one). */
export const messageThreadsBeta = 'message-threads-2026-08-12';

/**
 * The `error_code`s of a refused `continue` that a full replay under a new thread gets past: the thread is lost,
 * was taken by another request, or holds fields this provider does not compare.
 */
const lostThreadCodes = new Set([
  'thread_not_found',
  'thread_already_continued',
  'thread_continue_in_flight',
  'thread_fingerprint_mismatch',
]);

/** How many replies the provider remembers as threads to continue; the oldest is forgotten first. */
const heldRepliesLimit = 64;

/**
 * A reply the server holds a thread for, as the provider remembers it: the conversation of the request it
 * answered and the reply itself (each message as the JSON of its canonical form, see `canonicalMessage`), and
 * the fields a thread fixes.
 */
interface HeldReply {
  conversation: string[];
  reply: string;
  fingerprint: string;
}

/** One request of a thread: what to send, and what to do with what comes back. */
export interface ThreadRequest {
  /** The body to send: the whole conversation with `thread: create`, or only the new messages with `continue`. */
  params: BetaMessageCreateParamsStreaming;
  /**
   * When this request continued a thread and `error` says the server has lost it (not found, continued already,
   * or being continued by another request): the same request as a full replay under a new thread.
   */
  replayAfter(error: unknown): ThreadRequest | undefined;
  /** Passes `events` through; once they reach `message_stop` with a whole reply, it can be continued. */
  watch(events: AsyncIterable<RawMessageStreamEvent>): AsyncIterable<RawMessageStreamEvent>;
  /** The request failed before any reply: the reply it continued can be continued again. */
  release(): void;
}

/** The message threads of one provider: the replies it can continue from, by id. */
export interface AnthropicThreads {
  /**
   * Whether `error` says the server cannot thread such a request (`thread_unsupported_request`, with what it
   * cannot thread): then threads are off for this provider from now on, and `start` gives no thread request.
   */
  turnOffAfter(error: unknown): { unsupported: string[] } | undefined;
  /**
   * The thread request for `params`, whose conversation before cache breakpoints and the round's line is
   * `conversation`: a `continue` from the remembered reply that the conversation goes on from (same system,
   * tools, model and output settings; every earlier message and the reply unchanged; at least one new message),
   * else a `create` that sends everything.
   */
  start(options: {
    params: MessageCreateParamsStreaming;
    conversation: MessageParam[];
  }): ThreadRequest | undefined;
}

/**
 * Message threads for a provider in thread mode: the server keeps the conversation under each reply's id, so a
 * request that goes on from a reply sends only what was added since, not the whole transcript. A request that
 * does not go on from a remembered reply (the first, an edited history, a new system prompt or tool list, a reply
 * that was refused, cut short or written by a fallback model) starts a new thread with the full conversation,
 * which is always correct; so is the replay after the server says it lost a thread.
 */
export function createAnthropicThreads(): AnthropicThreads {
  const held = new Map<string, HeldReply>();
  let off = false;

  function remember(id: string, reply: HeldReply): void {
    held.delete(id);
    held.set(id, reply);
    for (const oldest of held.keys()) {
      if (held.size <= heldRepliesLimit) break;
      held.delete(oldest);
    }
  }

  function findContinuation(conversation: string[], fingerprint: string): string | undefined {
    let found: { id: string; length: number } | undefined;
    for (const [id, reply] of held) {
      const length = reply.conversation.length;
      if (reply.fingerprint !== fingerprint || conversation.length <= length + 1) continue;
      if (conversation[length] !== reply.reply) continue;
      if (!reply.conversation.every((message, index) => message === conversation[index])) continue;
      if (found === undefined || length > found.length) found = { id, length };
    }
    return found?.id;
  }

  function request(options: {
    params: MessageCreateParamsStreaming;
    conversation: string[];
    fingerprint: string;
    continueFrom: string | undefined;
  }): ThreadRequest {
    const { params, conversation, fingerprint, continueFrom } = options;
    const spent = continueFrom === undefined ? undefined : held.get(continueFrom);
    if (continueFrom !== undefined) held.delete(continueFrom);
    return {
      params:
        continueFrom === undefined || spent === undefined
          ? { ...params, messages: params.messages.map(shortestForm), thread: { type: 'create' } }
          : continuing({ params, from: continueFrom, newMessages: spent.conversation.length + 1 }),
      replayAfter(error) {
        if (spent === undefined || !isLostThread(error)) return undefined;
        return request({ params, conversation, fingerprint, continueFrom: undefined });
      },
      watch(events) {
        return watchReply(events, (reply) => {
          remember(reply.id, { conversation, reply: reply.json, fingerprint });
        });
      },
      release() {
        if (continueFrom !== undefined && spent !== undefined) remember(continueFrom, spent);
      },
    };
  }

  return {
    turnOffAfter(error) {
      const details = errorDetails(error);
      if (details?.['error_code'] !== 'thread_unsupported_request') return undefined;
      off = true;
      held.clear();
      const unsupported = details['unsupported'];
      return { unsupported: Array.isArray(unsupported) ? unsupported.map(String) : [] };
    },
    start({ params, conversation }) {
      if (off) return undefined;
      const canonical = conversation.map(toCanonicalJson);
      const fingerprint = threadFingerprint(params);
      return request({
        params,
        conversation: canonical,
        fingerprint,
        continueFrom: findContinuation(canonical, fingerprint),
      });
    },
  };
}

/**
 * The JSON of each message's canonical form, kept by the message while it is made of the same objects and
 * values: a request writes only the messages its round added (the converted messages of earlier rounds come back
 * as the same objects), and the remembered replies share one string a message.
 */
const canonicalJson = createPartMemo<string>();

function toCanonicalJson(message: MessageParam): string {
  return canonicalJson.get(message, (part) => JSON.stringify(canonicalMessage(part)));
}

/**
 * `params` as a `continue` from reply `from`: the messages after that reply only, in their shortest form, without
 * `system` and `tools` (the thread keeps those).
 */
function continuing(options: {
  params: MessageCreateParamsStreaming;
  from: string;
  newMessages: number;
}): BetaMessageCreateParamsStreaming {
  const { system: _system, tools: _tools, ...fields } = options.params;
  return {
    ...fields,
    messages: options.params.messages.slice(options.newMessages).map(shortestForm),
    thread: { type: 'continue', previous_message_id: options.from },
  };
}

/**
 * A message of a thread request in its shortest form, as the API takes it: one text block as its text (a tool
 * result of one text block comes from the conversion as its text already). Cache breakpoints stay (a block that
 * has one keeps the block form): a thread does not cache the prompt by itself, a request's own breakpoints do.
 */
function shortestForm(message: MessageParam): MessageParam {
  if (typeof message.content === 'string') return message;
  const [first, ...rest] = message.content;
  return rest.length === 0 && first !== undefined && isBareText(first)
    ? { ...message, content: first.text }
    : message;
}

/** A text block with nothing but its text (no breakpoint, no citations), which string content stands for. */
function isBareText(block: { type: string }): block is { type: 'text'; text: string } {
  return block.type === 'text' && Object.keys(block).length === 2;
}

function isLostThread(error: unknown): boolean {
  const code = errorDetails(error)?.['error_code'];
  return typeof code === 'string' && lostThreadCodes.has(code);
}

/** The `error.details` of an API error's body (where thread refusals put their `error_code`), if it has them. */
function errorDetails(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof APIError)) return undefined;
  const details = (error.error as { error?: { details?: unknown } } | undefined)?.error?.details;
  return typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined;
}
