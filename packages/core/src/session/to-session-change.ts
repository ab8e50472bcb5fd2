import type { Message } from '../model/messages.js';
import type { SessionChange } from './session-store.js';

/**
 * The change from `before` to `after` when `after` is `before` (the very same message objects) with messages
 * appended, the way a turn extends its history; else `undefined`, and the store saves the session whole.
 */
export function toSessionChange({
  before,
  after,
}: {
  before: readonly Message[];
  after: readonly Message[];
}): SessionChange | undefined {
  if (after.length < before.length) return undefined;
  // Identity, not equality: comparing objects is cheap and never reads the history's content.
  const appendsOnly = before.every((message, index) => after[index] === message);
  return appendsOnly ? { appendedMessages: after.length - before.length } : undefined;
}
