import type { PendingApproval } from '../loop/paused-turn.js';
import { ToolloopError } from './toolloop-error.js';

const name = 'ApprovalPendingError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A message sent to a session whose last turn waits for approval decisions: the paused turn must be resumed
 * (approving or denying each pending call) before the conversation can go on. Nothing was run or saved.
 */
export class ApprovalPendingError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  readonly pendingApprovals: PendingApproval[];

  constructor({ sessionId, pendingApprovals }: { sessionId: string; pendingApprovals: PendingApproval[] }) {
    const calls = pendingApprovals.map((call) => `${call.name} (${call.toolCallId})`).join(', ');
    super({
      name,
      message: `Session '${sessionId}' waits for approval decisions on ${calls}: call resumeTurn(sessionId, decisions) with a decision for each before sending another message.`,
    });
    this.sessionId = sessionId;
    this.pendingApprovals = pendingApprovals;
  }

  static override isInstance(error: unknown): error is ApprovalPendingError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), sessionId: this.sessionId, pendingApprovals: this.pendingApprovals };
  }
}
