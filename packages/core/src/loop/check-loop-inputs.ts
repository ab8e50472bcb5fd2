import type { Message } from '../model/messages.js';
import { namesOf, toInvalidArgumentError } from '../options/check-tool-loop-options.js';
import { findOptionProblem } from '../options/find-option-problem.js';
import { messagesSchema } from '../options/loop-input-schemas.js';

/**
 * Checks the shape of a conversation, message by message, so a malformed one is an `InvalidArgumentError`
 * naming it (`messages[2].content`) before the turn starts, not a crash in the middle of it.
 */
export function checkMessages(messages: unknown, argument = 'messages'): Message[] {
  const issues = messagesSchema.check(messages, []);
  if (issues.length === 0) return messages as Message[];
  throw toInvalidArgumentError({
    problem: findOptionProblem(issues, namesOf(messagesSchema)),
    schema: messagesSchema,
    prefix: argument,
  });
}
