import { APIError } from 'openai';
import type { AssistantContentPart, Message } from '@toolloop/core';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import type { OpenAIResponsesInputItem } from './openai-responses-input-item.js';

/** How many responses the provider remembers as threads to go on from; the oldest is forgotten first. */
const heldResponsesLimit = 64;

/**
 * A stored response the provider can go on from: the input items of the conversation it answered (as JSON) and
 * its reply's items (as JSON), so a later request is matched by what it would send, not by object identity.
 */
interface HeldResponse {
  responseId: string;
  messageCount: number;
  conversation: string;
  reply: string;
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

  /** The stored response `messages` go on from, with the items to send after it, if there is one. */
  start(messages: readonly Message[]): ThreadStart | undefined {
    for (let index = this.#held.length - 1; index >= 0; index -= 1) {
      const held = this.#held[index];
      if (held === undefined || messages.length <= held.messageCount + 1) continue;
      const reply = messages[held.messageCount];
      if (reply?.role !== 'assistant') continue;
      if (toJson(messages.slice(0, held.messageCount)) !== held.conversation) continue;
      if (toJson([reply]) !== held.reply) continue;
      return {
        previousResponseId: held.responseId,
        input: convertToOpenAIResponsesInput(messages.slice(held.messageCount + 1)),
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
    this.#held.push({
      responseId,
      messageCount: messages.length,
      conversation: toJson(messages),
      reply: toJson([{ role: 'assistant', content: reply }]),
    });
    if (this.#held.length > heldResponsesLimit) this.#held.shift();
  }

  /** Forgets a response the server no longer has. */
  forget(responseId: string): void {
    const index = this.#held.findIndex((held) => held.responseId === responseId);
    if (index >= 0) this.#held.splice(index, 1);
  }
}

/** Whether `error` says the server has no response by the `previous_response_id` sent (expired, deleted, another project). */
export function isPreviousResponseNotFound(error: unknown): boolean {
  return error instanceof APIError && error.code === 'previous_response_not_found';
}

function toJson(messages: readonly Message[]): string {
  return JSON.stringify(convertToOpenAIResponsesInput(messages));
}
