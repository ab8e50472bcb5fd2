import { InvalidArgumentError, runToolLoop, type PausedTurn, type ToolLoopRun } from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
import { storedTurns } from './stored-refund-turn.js';
import { issueRefund, lookupOrder } from './support-tools.js';

/**
 * A support desk that keeps paused turns in its own database rather than in a SessionManager: a refund waits for
 * the customer's yes, the turn's `pausedTurn` is stored as JSON, and the customer's answer resumes it. The turns
 * stored here were written by the previous release of the loop (its first stored format), as a database upgraded
 * in place still holds them, one row by order; this release allows a turn one minute. An answer that starts with
 * "Yes" resumes the row of the order it names (A-100 when it names none) with the refund approved, one that starts
 * with "No" with the refund denied. A row this release cannot resume (written by a newer one, or damaged) is not
 * resumed: the turn starts afresh, and the model is told why, to ask the customer again. Any other message starts
 * a turn of its own.
 */
export function answerCustomer({ model, tools, messages, signal }: AgentRunContext): ToolLoopRun {
  const limits = {
    model,
    tools,
    signal,
    maxToolCalls: { perMessage: 3 },
    maxRepeatedCalls: 1,
    maxRepeatedText: 1,
    maxConsecutiveErrors: 2,
    timeoutMs: 60_000,
    tokenBudget: { perSession: 200_000 },
    contextLimit: { maxTokens: 100_000, summarize: true },
    prices: { 'claude-sonnet-4-6': { inputPerMillion: 3, outputPerMillion: 15 } },
    needsApproval: ({ name }: { name: string }) => name === 'issue_refund',
  };
  const last = messages.at(-1);
  const answer = typeof last?.content === 'string' ? last.content : '';
  if (!/^(yes|no)\b/i.test(answer)) return runToolLoop({ ...limits, messages });
  const order = /\bA-\d+\b/.exec(answer)?.[0] ?? 'A-100';
  const row = storedTurns[order];
  if (row === undefined) throw new Error(`No paused turn is stored for order ${order}.`);
  // A row is what the database gives back: checked by `resume`, not trusted here.
  const turn = JSON.parse(row) as Partial<PausedTurn>;
  const approved = /^yes\b/i.test(answer);
  const decisions = Object.fromEntries(
    (turn.pendingApprovals ?? []).map((call) => [
      call.toolCallId,
      approved ? { approved: true as const } : { approved: false as const, reason: answer },
    ]),
  );
  try {
    return runToolLoop({ ...limits, resume: { turn: turn as PausedTurn, decisions } });
  } catch (error) {
    if (!InvalidArgumentError.isInstance(error)) throw error;
    const system = `The customer's earlier request for ${order} could not be resumed (${error.message}). Ask them what they need.`;
    return runToolLoop({ ...limits, messages, system });
  }
}

// issue_refund pays money back: scenarios stand in for it with `mockTools`.
export default defineAgent({ tools: [lookupOrder, issueRefund], run: answerCustomer });
