import type { Message } from '../model/messages.js';
import { toInvalidArgumentError } from '../options/check-tool-loop-options.js';
import { findOptionProblem } from '../options/find-option-problem.js';
import { messagesSchema } from '../options/loop-input-schemas.js';

/**
 * Checks the shape of a conversation, message by message, so a malformed one is an `InvalidArgumentError`
 * naming it (`messages[2].content`) before the turn starts, not a crash in the middle of it.
 */
export function checkMessages(messages: unknown): Message[] {
  const parsed = messagesSchema.safeParse(messages);
  if (parsed.success) return parsed.data;
  throw toInvalidArgumentError({
    problem: findOptionProblem(parsed.error.issues),
    schema: messagesSchema,
    prefix: 'messages',
  });
}
