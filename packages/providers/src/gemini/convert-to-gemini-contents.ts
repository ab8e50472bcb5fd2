import type { Content, Part } from '@google/genai';
import type { AssistantMessage, JsonObject, Message, ToolMessage } from '@toolloop/core';
import { isGeneratedGeminiCallId } from './gemini-call-id.js';

/** The thought signature a part carried when the API sent it, kept in the part's `providerData`. */
function readSignature(providerData: JsonObject | undefined): { thoughtSignature?: string } {
  const signature = providerData?.['thoughtSignature'];
  return typeof signature === 'string' ? { thoughtSignature: signature } : {};
}

/**
 * Core messages as Gemini `contents`: user text as a `user` content; each assistant message as one `model` content
 * whose parts are what the API sent, in order — thoughts (`thought: true`), text and function calls, each with
 * the `thoughtSignature` it carried, byte for byte (Gemini 3 refuses a function call of the current turn without
 * its signature); each tool message as one `user` content of `functionResponse` parts, one per call, with the
 * call's name (and id, when the API gave one). Thinking from another provider, and redacted thinking, have no part
 * here and are left out; so is empty text (it carries nothing, and a content of it alone may be refused) but the signed empty text part Gemini ends a
 * response with, and a content left with no part. Contents in a row with the same role are joined into one, as
 * the API takes turns only when they alternate.
 */
export function convertToGeminiContents(messages: readonly Message[]): Content[] {
  const contents: Content[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'user': {
        // Empty text carries nothing; the API refuses a content left without parts.
        const texts =
          typeof message.content === 'string' ? [message.content] : message.content.map((part) => part.text);
        const parts = texts.filter((text) => text !== '').map((text) => ({ text }));
        if (parts.length > 0) contents.push({ role: 'user', parts });
        break;
      }
      case 'assistant': {
        const parts = convertAssistantParts(message);
        if (parts.length > 0) contents.push({ role: 'model', parts });
        break;
      }
      case 'tool':
        contents.push({ role: 'user', parts: convertToolResults(message) });
        break;
      default: {
        const unknownMessage: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknownMessage)}`);
      }
    }
  }
  return joinSameRoleContents(contents);
}

/**
 * Contents in a row with the same role joined into one, parts in order: the API refuses turns that do not
 * alternate between user and model, and a conversation has such rows when a turn ended after its tool results
 * with no answer (a limit, a timeout, an abort) or when the model answered nothing (an answer with no part left).
 */
function joinSameRoleContents(contents: readonly Content[]): Content[] {
  const joined: Content[] = [];
  for (const content of contents) {
    const previous = joined.at(-1);
    if (previous !== undefined && previous.role === content.role) {
      joined[joined.length - 1] = {
        ...previous,
        parts: [...(previous.parts ?? []), ...(content.parts ?? [])],
      };
    } else {
      joined.push(content);
    }
  }
  return joined;
}

function convertAssistantParts(message: AssistantMessage): Part[] {
  const parts: Part[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text': {
        // Empty text goes back only with the signature Gemini gave it (the last part of a response).
        const signature = readSignature(part.providerData);
        if (part.text !== '' || signature.thoughtSignature !== undefined)
          parts.push({ text: part.text, ...signature });
        break;
      }
      case 'thinking':
        // Only thoughts this provider read from Gemini (marked in providerData) go back, as thought parts.
        if (part.providerData?.['gemini'] === true)
          parts.push({ text: part.text, thought: true, ...readSignature(part.providerData) });
        break;
      case 'redacted-thinking':
        break;
      case 'tool-call': {
        parts.push({
          functionCall: {
            ...(isGeneratedGeminiCallId(part.id) ? {} : { id: part.id }),
            name: part.name,
            // A call whose arguments did not parse goes back as `{}`: its error result says what was wrong.
            args: isObject(part.input) ? part.input : {},
          },
          ...readSignature(part.providerData),
        });
        break;
      }
      default: {
        const unknownPart: never = part;
        throw new Error(`Unknown assistant content ${JSON.stringify(unknownPart)}`);
      }
    }
  }
  return parts;
}

/** Each result as a `functionResponse`: `{ output }` with the tool's text, `{ error }` for a failed call. */
function convertToolResults(message: ToolMessage): Part[] {
  return message.content.map((result) => {
    const text = result.output.content
      .map((content) => (content.type === 'text' ? content.text : `[${content.type}]`))
      .join('\n');
    return {
      functionResponse: {
        ...(isGeneratedGeminiCallId(result.toolCallId) ? {} : { id: result.toolCallId }),
        name: result.toolName,
        response: result.isError || result.output.isError === true ? { error: text } : { output: text },
      },
    };
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
