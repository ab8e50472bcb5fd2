import { z } from 'zod';

/**
 * One answer to tool calls that wait for approval in a turn: the calls of a tool (by name, every one of them in
 * the turn) or one call (by its place among the turn's calls that waited, from 0), approved or denied.
 */
export const approvalSchema = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .optional()
      .describe('The tool whose calls this answers, each time one of them waits in the turn.'),
    call: z
      .int()
      .nonnegative()
      .optional()
      .describe(
        'The call this answers: its place among the calls that waited for approval in the turn, from 0.',
      ),
    decision: z
      .enum(['approve', 'deny'])
      .describe('approve: the call runs; deny: it does not, and the model is told.'),
    reason: z.string().min(1).optional().describe('With deny: why, in words the model reads.'),
  })
  .superRefine((approval, context) => {
    if ((approval.tool === undefined) === (approval.call === undefined)) {
      context.addIssue({
        code: 'custom',
        message: 'give `tool` (a tool name) or `call` (an index), not both or neither',
      });
    }
    if (approval.reason !== undefined && approval.decision !== 'deny') {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'only a denial has a reason' });
    }
  });

export type ScenarioApproval = z.infer<typeof approvalSchema>;
