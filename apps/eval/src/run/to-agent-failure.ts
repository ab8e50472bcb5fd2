import { findUserFrame } from '../agent/find-user-frame.js';
import { toDisplayPath } from '../agent/to-display-path.js';

/**
 * An error from a user's agent code as the scenario's runner error: what failed, the error's message and the
 * user's file and line where its stack has them. The stack stays the user's; the error is the `cause`.
 */
export function toAgentFailure({ error, what, cwd }: { error: unknown; what: string; cwd: string }): Error {
  const location = findUserFrame(error);
  const reason = error instanceof Error ? error.message : String(error);
  const where =
    location === undefined ? '' : ` (at ${toDisplayPath({ file: location.file, cwd })}:${location.line})`;
  const failure = new Error(`${what}: ${reason}${where}`, { cause: error });
  if (error instanceof Error && error.stack !== undefined) failure.stack = error.stack;
  return failure;
}
