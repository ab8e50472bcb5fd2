import { APIError } from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming as BetaMessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/beta/messages';
import type {
  ContentBlockParam,
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
          ? { ...params, thread: { type: 'create' } }
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
      const canonical = conversation.map((message) => JSON.stringify(canonicalMessage(message)));
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
 * A new message of a `continue` in its shortest form: a tool result of one text block as its text, as the API
 * takes it. Cache breakpoints stay: a thread does not cache the prompt by itself, a request's own breakpoints do.
 */
function shortestForm(message: MessageParam): MessageParam {
  if (typeof message.content === 'string') return message;
  const content: ContentBlockParam[] = message.content;
  const shortest = content.map((block): ContentBlockParam => {
    if (block.type !== 'tool_result' || !Array.isArray(block.content)) return block;
    const [only, ...others] = block.content;
    const onlyText = only?.type === 'text' && others.length === 0 && Object.keys(only).length === 2;
    return onlyText ? { ...block, content: only.text } : block;
  });
  return { ...message, content: shortest } as MessageParam;
}

/**
 * The fields a thread is created with and keeps, as one string: `system` and `tools` (without cache breakpoints,
 * which do not change what the model reads), the output settings the API fixes for a thread, and the model.
 */
function threadFingerprint(params: MessageCreateParamsStreaming): string {
  const system = typeof params.system === 'string' ? [{ type: 'text', text: params.system }] : params.system;
  return JSON.stringify([
    params.model,
    withoutCacheControl(system ?? null),
    withoutCacheControl(params.tools ?? null),
    params.output_config ?? null,
  ]);
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

/**
 * A message as the model reads it, for comparing a remembered reply with the message a later request sends in
 * its place: string content as a text block, empty text left out (the request leaves it out), cache breakpoints
 * and citations dropped, and of a thinking, redacted thinking or tool call block only what goes back.
 */
function canonicalMessage(message: { role: string; content: unknown }): unknown {
  const content =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const blocks = Array.isArray(content) ? content : [];
  return {
    role: message.role,
    content: blocks.flatMap((block: unknown) => {
      const fields = block as Record<string, unknown>;
      switch (fields['type']) {
        case 'text':
          return fields['text'] === '' ? [] : [{ type: 'text', text: fields['text'] }];
        case 'thinking':
          return [{ type: 'thinking', thinking: fields['thinking'], signature: fields['signature'] }];
        case 'redacted_thinking':
          return [{ type: 'redacted_thinking', data: fields['data'] }];
        case 'tool_use':
          return [{ type: 'tool_use', id: fields['id'], name: fields['name'], input: fields['input'] }];
        default:
          return [withoutCacheControl(block)];
      }
    }),
  };
}

function withoutCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheControl);
  if (typeof value !== 'object' || value === null) return value;
  const { cache_control: _cacheControl, ...fields } = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, withoutCacheControl(field)]));
}

/** A content block of a reply as its stream builds it: the block it started as, and what its deltas added. */
interface StreamedBlock {
  start: Record<string, unknown>;
  text: string;
  thinking: string;
  signature: string | undefined;
  inputJson: string | undefined;
}

/**
 * Passes the stream's events through and builds the reply they carry; at `message_stop`, a whole reply the server
 * keeps a thread for goes to `keep`. A refusal is not kept (the API drops a refused turn from a thread), nor is a
 * reply a fallback model wrote, nor one with a tool call whose input is not JSON.
 */
async function* watchReply(
  events: AsyncIterable<RawMessageStreamEvent>,
  keep: (reply: { id: string; json: string }) => void,
): AsyncGenerator<RawMessageStreamEvent> {
  let id: string | undefined;
  let stopReason: string | null = null;
  let fallback = false;
  const blocks = new Map<number, StreamedBlock>();
  for await (const event of events) {
    if (event.type === 'message_start') {
      id ??= event.message.id;
    } else if (event.type === 'content_block_start') {
      const start = { ...event.content_block } as Record<string, unknown>;
      blocks.set(event.index, { start, text: '', thinking: '', signature: undefined, inputJson: undefined });
    } else if (event.type === 'content_block_delta') {
      const block = blocks.get(event.index);
      const { delta } = event;
      if (block === undefined) {
        // The parser refuses a delta for a block that never started; nothing to build.
      } else if (delta.type === 'text_delta') block.text += delta.text;
      else if (delta.type === 'thinking_delta') block.thinking += delta.thinking;
      else if (delta.type === 'signature_delta') block.signature = delta.signature;
      else if (delta.type === 'input_json_delta')
        block.inputJson = (block.inputJson ?? '') + delta.partial_json;
    } else if (event.type === 'message_delta') {
      stopReason = event.delta.stop_reason;
      const { iterations } = event.usage as { iterations?: Array<{ type?: string }> | null };
      fallback ||= iterations?.some((iteration) => iteration.type === 'fallback_message') === true;
    } else if (event.type === 'message_stop') {
      const content = replyContent(blocks);
      if (id !== undefined && content !== undefined && stopReason !== 'refusal' && !fallback) {
        keep({ id, json: JSON.stringify(canonicalMessage({ role: 'assistant', content })) });
      }
    }
    yield event;
  }
}

/** The reply's blocks in order, each with what its deltas added, or `undefined` when a tool input is not JSON. */
function replyContent(blocks: Map<number, StreamedBlock>): Array<Record<string, unknown>> | undefined {
  const content: Array<Record<string, unknown>> = [];
  for (const [, block] of [...blocks].sort(([left], [right]) => left - right)) {
    const built: Record<string, unknown> = { ...block.start };
    if (built['type'] === 'text') built['text'] = `${stringField(built['text'])}${block.text}`;
    if (built['type'] === 'thinking') {
      built['thinking'] = `${stringField(built['thinking'])}${block.thinking}`;
      if (block.signature !== undefined) built['signature'] = block.signature;
    }
    if (block.inputJson !== undefined) {
      try {
        built['input'] = block.inputJson.trim() === '' ? {} : JSON.parse(block.inputJson);
      } catch {
        return undefined;
      }
    }
    content.push(built);
  }
  return content;
}

function stringField(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
