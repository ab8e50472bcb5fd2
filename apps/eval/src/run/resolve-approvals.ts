import type { ApprovalDecision, PendingApproval } from '@toolloop/core';
import type { ScenarioApproval } from '../scenario/approval-schema.js';

/**
 * The decisions a turn's `approvals` give the calls that wait: the first answer naming a call's place among the
 * turn's waiting calls (`call`, counted from `offset` for this pause) or its tool wins. `undefined` when a call
 * has no answer: the turn stays paused.
 */
export function resolveApprovals({
  pending,
  approvals,
  offset,
}: {
  pending: readonly PendingApproval[];
  approvals: readonly ScenarioApproval[];
  offset: number;
}): Record<string, ApprovalDecision> | undefined {
  const decisions: Record<string, ApprovalDecision> = {};
  for (const [index, call] of pending.entries()) {
    const answer = approvals.find(
      (approval) => approval.call === offset + index || approval.tool === call.name,
    );
    if (answer === undefined) return undefined;
    decisions[call.toolCallId] =
      answer.decision === 'approve'
        ? { approved: true }
        : answer.reason === undefined
          ? { approved: false }
          : { approved: false, reason: answer.reason };
  }
  return decisions;
}
