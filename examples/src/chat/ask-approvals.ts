import type { ApprovalDecision, PendingApproval } from '@toolloop/core';

/**
 * Asks the user about each call that waits for approval, one question per call, until the answer is y or n
 * (yes or no, in any case): approved, or denied with a reason the model reads.
 */
export async function askApprovals({
  calls,
  ask,
}: {
  calls: readonly PendingApproval[];
  /** Shows the question and resolves with the user's line; `undefined` when input has ended. */
  ask: (question: string) => Promise<string | undefined>;
}): Promise<Record<string, ApprovalDecision>> {
  const decisions: Record<string, ApprovalDecision> = {};
  for (const call of calls) {
    const question = `approve ${call.name} ${JSON.stringify(call.input)}? [y/n] `;
    for (;;) {
      const answer = (await ask(question))?.trim().toLowerCase();
      if (answer === 'y' || answer === 'yes') {
        decisions[call.toolCallId] = { approved: true };
        break;
      }
      // Input that ended answers no: nothing runs without a yes.
      if (answer === undefined || answer === 'n' || answer === 'no') {
        decisions[call.toolCallId] = { approved: false, reason: 'The user said no.' };
        break;
      }
    }
  }
  return decisions;
}
