import type { MessagesRequestBody } from '../anthropic/messages-request-body.js';
import type { ThreadRefusal } from './describe-thread-refusal.js';
import { threadFixedFields, type MessageThreadStore, type StoredThread } from './message-thread-store.js';

/** A request's whole conversation, once its `thread` (if any) is resolved. */
export interface ThreadedConversation {
  /** Every message, as sent: for a `continue`, those the thread holds, then the new ones. */
  messages: unknown[];
  /** The tools that apply: the request's, or for a `continue` the thread's. */
  tools: unknown;
  /** What a request with a `thread` starts; nothing for one without. */
  turn: ThreadTurnPlan | undefined;
}

/** A thread request that can go on: where it continues from, and what will be stored with its reply. */
export interface ThreadTurnPlan {
  /** The reply a `continue` goes on from; `undefined` for a `create`. */
  previousMessageId: string | undefined;
  /** The thread as it will be kept under the reply, before the reply itself is added. */
  thread: StoredThread;
  /** The bytes of the same request without a thread: the whole conversation, `system` and `tools`, no `thread`. */
  fullReplayBytes: number;
}

/** Why a request's `thread` cannot be taken: a refusal the API gives, or a `thread` value that is not one. */
export type ThreadRequestProblem = ThreadRefusal | { type: 'invalid'; problem: string };

/**
 * Resolves a Messages API request's `thread` against the script's threads. A `create` (or no `thread`) stands
 * for itself. A `continue` must name a reply the store holds, that was not continued and is not being
 * continued, and must not change `system`, `tools` (it may leave them out) or the other fixed fields; its
 * conversation is then the thread's followed by the new messages, as the API rebuilds it.
 */
export function resolveThreadRequest(options: {
  store: MessageThreadStore;
  body: MessagesRequestBody;
}): { success: true; value: ThreadedConversation } | { success: false; error: ThreadRequestProblem } {
  const { store, body } = options;
  const { thread: threadField, ...fields } = body.fields;
  const thread = readThreadField(threadField);
  if (!thread.success) return { success: false, error: { type: 'invalid', problem: thread.error } };
  if (thread.value === undefined) {
    return { success: true, value: { messages: body.rawMessages, tools: fields.tools, turn: undefined } };
  }
  if (thread.value.type === 'create') {
    const stored: StoredThread = {
      messages: body.rawMessages,
      system: fields.system,
      tools: fields.tools,
      fixed: readFixedFields(fields),
    };
    const fullReplayBytes = Buffer.byteLength(JSON.stringify(fields));
    return {
      success: true,
      value: {
        messages: body.rawMessages,
        tools: fields.tools,
        turn: { previousMessageId: undefined, thread: stored, fullReplayBytes },
      },
    };
  }
  const previousMessageId = thread.value.previousMessageId;
  const entry = store.entries.get(previousMessageId);
  if (entry === undefined) return { success: false, error: { type: 'not-found', previousMessageId } };
  if (entry.type === 'continued')
    return { success: false, error: { type: 'already-continued', previousMessageId } };
  if (entry.continuing) return { success: false, error: { type: 'in-flight', previousMessageId } };
  const held = entry.thread;
  const differing = findDifferingFields({ held, fields });
  if (differing.length > 0)
    return { success: false, error: { type: 'fingerprint-mismatch', fields: differing } };
  const messages = [...held.messages, ...body.rawMessages];
  const full = {
    ...fields,
    ...(held.system === undefined ? {} : { system: held.system }),
    ...(held.tools === undefined ? {} : { tools: held.tools }),
    messages,
  };
  return {
    success: true,
    value: {
      messages,
      tools: held.tools,
      turn: {
        previousMessageId,
        thread: { ...held, messages },
        fullReplayBytes: Buffer.byteLength(JSON.stringify(full)),
      },
    },
  };
}

function readThreadField(
  value: unknown,
):
  | { success: true; value: { type: 'create' } | { type: 'continue'; previousMessageId: string } | undefined }
  | { success: false; error: string } {
  if (value === undefined || value === null) return { success: true, value: undefined };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    if (fields.type === 'create') return { success: true, value: { type: 'create' } };
    if (fields.type === 'continue' && typeof fields.previous_message_id === 'string') {
      return { success: true, value: { type: 'continue', previousMessageId: fields.previous_message_id } };
    }
  }
  return {
    success: false,
    error: '"thread" is neither {"type": "create"} nor {"type": "continue", "previous_message_id": "<id>"}',
  };
}

function readFixedFields(fields: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(threadFixedFields.map((name) => [name, toJson(fields[name])]));
}

/** The fields a `continue` sends that differ from the thread's: `system` and `tools` when sent, and the fixed ones. */
function findDifferingFields(options: { held: StoredThread; fields: Record<string, unknown> }): string[] {
  const { held, fields } = options;
  const differing: string[] = [];
  if (fields.system !== undefined && toJson(fields.system) !== toJson(held.system)) differing.push('system');
  if (fields.tools !== undefined && toJson(fields.tools) !== toJson(held.tools)) differing.push('tools');
  for (const name of threadFixedFields) {
    if (toJson(fields[name]) !== held.fixed[name]) differing.push(name);
  }
  return differing;
}

function toJson(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}
