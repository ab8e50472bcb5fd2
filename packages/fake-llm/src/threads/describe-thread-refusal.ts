import { shortenForMessage } from '../internal/shorten-for-message.js';

/** Why a `thread` request cannot go on, by the `error_code` the Messages API gives it. */
export type ThreadRefusal =
  /** `previous_message_id` names no reply the fake holds a thread for. */
  | { type: 'not-found'; previousMessageId: string }
  /** That reply was continued already; a reply can be continued once. */
  | { type: 'already-continued'; previousMessageId: string }
  /** Another request continuing from that reply has not finished. */
  | { type: 'in-flight'; previousMessageId: string }
  /** Fields fixed for the thread's life differ from the ones it was created with. */
  | { type: 'fingerprint-mismatch'; fields: string[] };

const replay = 'replay the full conversation with `thread: {"type": "create"}`';

/**
 * The status, error type, `error_code` and message the Messages API gives a thread refusal (the codes, statuses
 * and advice are those of the Anthropic SDK's `Thread…Error` classes).
 */
export function describeThreadRefusal(refusal: ThreadRefusal): {
  status: number;
  type: string;
  errorCode: string;
  message: string;
} {
  switch (refusal.type) {
    case 'not-found':
      return {
        status: 404,
        type: 'not_found_error',
        errorCode: 'thread_not_found',
        message:
          `thread.previous_message_id: no thread state was found for ${quote(refusal.previousMessageId)} ` +
          `(the fake LLM holds a thread for each reply to a completed thread request). To start a new thread, ${replay}.`,
      };
    case 'already-continued':
      return {
        status: 400,
        type: 'invalid_request_error',
        errorCode: 'thread_already_continued',
        message:
          `thread.previous_message_id: the response ${quote(refusal.previousMessageId)} has already been continued, ` +
          "and each response can be continued only once. Continue from the thread's most recent response `id`.",
      };
    case 'in-flight':
      return {
        status: 400,
        type: 'invalid_request_error',
        errorCode: 'thread_continue_in_flight',
        message:
          `thread.previous_message_id: another request is still continuing from ${quote(refusal.previousMessageId)}. ` +
          `Wait for it to complete and continue from its response \`id\`, or ${replay}.`,
      };
    case 'fingerprint-mismatch':
      return {
        status: 400,
        type: 'invalid_request_error',
        errorCode: 'thread_fingerprint_mismatch',
        message:
          `thread: the request has differing field(s): ${refusal.fields.join(', ')}. These fields must stay the ` +
          `same across a thread's turns: send the values the thread was created with (or leave \`system\` and ` +
          `\`tools\` out), or ${replay} to change them.`,
      };
    default: {
      const unexpected: never = refusal;
      throw new Error(`Unexpected thread refusal ${JSON.stringify(unexpected)}`);
    }
  }
}

function quote(id: string): string {
  return `'${shortenForMessage(id)}'`;
}
