import { APIError } from 'openai';
import type { AssistantContentPart, Message } from '@toolloop/core';
import { createPartMemo } from '@toolloop/core/internal';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import type { OpenAIResponsesInputItem } from './openai-responses-input-item.js';

/** How many responses the provider remembers as threads to go on from; the oldest is forgotten first. */
const heldResponsesLimit = 64;

/**
 * A stored response the provider can go on from: the JSON of the input items of each message of the conversation
 * it answered, then of its reply, so a later request is matched by what it would send, not by object identity.
 * The held responses share one string for equal JSON (see `hold`), instead of each holding the whole
 * conversation's JSON.
 */
interface HeldResponse {
  responseId: string;
  messages: readonly string[];
}

/** Where a request goes on from: the stored response, and the items to send after it. */
export interface ThreadStart {
  previousResponseId: string;
  input: OpenAIResponsesInputItem[];
}

/**
 * The responses of one provider that requests can chain to with `previous_response_id`. A request goes on from a
 * held response when its messages begin with the conversation that response answered, followed by the reply
 * itself; then only the messages after the reply are sent. Anything else (an edited history, another session's
 * conversation) sends everything.
 */
export class OpenAIResponsesThreads {
  readonly #held: HeldResponse[] = [];
  /** Each message JSON the held responses have, as the one string they share, and how many times they have it. */
  readonly #strings = new Map<string, { json: string; holders: number }>();

  /** The stored response `messages` go on from, with the items to send after it, if there is one. */
  start(messages: readonly Message[]): ThreadStart | undefined {
    let sent: string[] | undefined;
    for (let index = this.#held.length - 1; index >= 0; index -= 1) {
      const held = this.#held[index];
      // The reply, then at least one message after it.
      if (held === undefined || messages.length <= held.messages.length) continue;
      if (messages[held.messages.length - 1]?.role !== 'assistant') continue;
      sent ??= messages.map(toMessageJson);
      if (!startsWith(sent, held.messages)) continue;
      return {
        previousResponseId: held.responseId,
        input: convertToOpenAIResponsesInput(messages.slice(held.messages.length)),
      };
    }
    return undefined;
  }

  /** Remembers a whole response to `messages`, made of `reply`, as one to go on from. */
  hold({
    responseId,
    messages,
    reply,
  }: {
    responseId: string;
    messages: readonly Message[];
    reply: AssistantContentPart[];
  }): void {
    // Equal JSON is one string, whatever the message objects: a context limit rebuilds a tool message whose
    // result it cleared each round, and conversations take turns on one model.
    // Every string is made before any is counted: a reply that cannot be written (a reasoning item nested too
    // deep) throws with nothing counted.
    const written = messages.map(toMessageJson);
    written.push(toJson({ role: 'assistant', content: reply }));
    this.#held.push({ responseId, messages: written.map((json) => this.#share(json)) });
    if (this.#held.length > heldResponsesLimit) this.#release(this.#held.shift());
  }

  /** Forgets a response the server no longer has. */
  forget(responseId: string): void {
    const index = this.#held.findIndex((held) => held.responseId === responseId);
    if (index >= 0) this.#release(this.#held.splice(index, 1)[0]);
  }

  /** The string the held responses share for `json`, counted once more. */
  #share(json: string): string {
    const shared = this.#strings.get(json);
    if (shared === undefined) {
      this.#strings.set(json, { json, holders: 1 });
      return json;
    }
    shared.holders += 1;
    return shared.json;
  }

  /** Counts a held response's strings once less, and lets go of those no held response has any more. */
  #release(held: HeldResponse | undefined): void {
    for (const json of held?.messages ?? []) {
      const shared = this.#strings.get(json);
      if (shared === undefined) continue;
      shared.holders -= 1;
      if (shared.holders === 0) this.#strings.delete(json);
    }
  }
}

/** Whether `error` says the server has no response by the `previous_response_id` sent (expired, deleted, another project). */
export function isPreviousResponseNotFound(error: unknown): boolean {
  return error instanceof APIError && error.code === 'previous_response_not_found';
}

/**
 * The JSON of each message's input items, kept by the message while it is made of the same objects and values
 * (an earlier message edited in place gets new JSON): a request converts and writes only what its round added.
 */
const messageJson = createPartMemo<string>();

function toMessageJson(message: Message): string {
  return messageJson.get(message, toJson);
}

function toJson(message: Message): string {
  return JSON.stringify(convertToOpenAIResponsesInput([message]));
}

/** Whether `strings` begins with `prefix`, string by string (the same string object is compared at once). */
function startsWith(strings: readonly string[], prefix: readonly string[]): boolean {
  if (strings.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (strings[index] !== prefix[index]) return false;
  return true;
}
