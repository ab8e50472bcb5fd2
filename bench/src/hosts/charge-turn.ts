import { appendFileSync } from 'node:fs';
import { defineTool, type Message, type Model } from '@toolloop/core';

/**
 * The turn every message of the hosts benchmark asks for: one call of `charge` (not idempotent), whose id names the
 * message, then an answer naming the message and the host that gave it. Messages are unique, so a transcript
 * tells which message each call and answer belong to, and who answered.
 */
export const chargeTurn = {
  /** The id of the `charge` call made for the message `text`. */
  callId: (text: string): string => `charge-${text}`,
  /** The answer to the message `text`, given by `host`. */
  answer: (text: string, host: string): string => `done ${text} by ${host}`,
  /** The message and the host an answer names, or `undefined` for text that is no such answer. */
  parseAnswer: (answer: string): { text: string; host: string } | undefined => {
    const match = /^done (\S+) by (\S+)$/u.exec(answer);
    return match === null ? undefined : { text: match[1] ?? '', host: match[2] ?? '' };
  },
} as const;

/**
 * The model of the hosts benchmark: to a user's message it answers with a `charge` call, to the call's result with
 * a text naming the message and `host`. Unlike `createScriptedModel`, it neither copies nor records the requests,
 * so a long-running host does not slow down (or grow) with the transcripts it serves.
 */
export function createChargeModel({ host }: { host: string }): Model {
  return {
    provider: 'bench',
    modelId: 'charge',
    async *stream(request) {
      await Promise.resolve();
      const asked = lastUserText(request.messages);
      if (request.messages.at(-1)?.role === 'user') {
        yield { type: 'tool-call', id: chargeTurn.callId(asked), name: 'charge', input: {} };
        yield { type: 'finish', finishReason: 'tool_calls', usage: { inputTokens: 1, outputTokens: 1 } };
        return;
      }
      const text = chargeTurn.answer(asked, host);
      yield { type: 'text-delta', text };
      yield { type: 'text', text };
      yield { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } };
    },
  };
}

/**
 * The `charge` tool (not idempotent): each run appends `<call id> <host>` to `runsFile` when one is given, so a
 * charge run twice, or run by one host and answered by another, shows in that file.
 */
export function createChargeTool({ host, runsFile }: { host: string; runsFile?: string }) {
  return defineTool({
    name: 'charge',
    description: 'Charges the card on file for the message.',
    inputSchema: { type: 'object' },
    execute: (_input, { toolCallId }) => {
      if (runsFile !== undefined) appendFileSync(runsFile, `${toolCallId} ${host}\n`);
      return 'charged';
    },
  });
}

/** The text of a user message (its text parts joined when it has parts). */
export function userText(message: Message | undefined): string | undefined {
  if (message?.role !== 'user') return undefined;
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => part.text).join('');
}

function lastUserText(messages: readonly Message[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const text = userText(messages[index]);
    if (text !== undefined) return text;
  }
  return '';
}
