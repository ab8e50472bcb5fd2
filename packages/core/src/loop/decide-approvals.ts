import { HookError } from '../errors/hook-error.js';
import { describeThrown } from '../internal/describe-thrown.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { ToolRegistry } from './create-tool-registry.js';
import type { ApprovalDecision, PendingApproval } from './paused-turn.js';
import type { PlannedToolCall } from './plan-tool-calls.js';
import { refuseToolCall } from './tool-call-outcome.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/**
 * Applies approval rules to the calls a response will run: a local tool's own `needsApproval` (given the
 * validated input) and the host's `needsApproval` policy. A call that needs approval runs when `decisions`
 * approve it, is answered with the reason when they deny it, and is pending otherwise. A rule that throws is a
 * `HookError`.
 */
export async function decideApprovals({
  calls,
  registry,
  options,
  decisions = {},
  signal,
}: {
  calls: PlannedToolCall[];
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  decisions?: Record<string, ApprovalDecision> | undefined;
  signal: AbortSignal;
}): Promise<{ calls: PlannedToolCall[]; pending: PendingApproval[] }> {
  const pending: PendingApproval[] = [];
  const decided: PlannedToolCall[] = [];
  for (const planned of calls) {
    // A turn that ended meanwhile runs none of them: the calls go on, to be answered "Not executed".
    if (signal.aborted) return { calls, pending: [] };
    const { call, refusal } = planned;
    if (
      refusal !== undefined ||
      !hasApprovalRule({ name: call.name, registry, options }) ||
      !(await needsApproval({ planned, registry, options, signal }))
    ) {
      decided.push(planned);
      continue;
    }
    const decision = decisions[call.id];
    if (decision === undefined) {
      pending.push({ toolCallId: call.id, name: call.name, input: call.input });
      decided.push(planned);
    } else if (decision.approved) {
      decided.push(planned);
    } else {
      const reason = decision.reason?.trim();
      decided.push({
        call,
        refusal: refuseToolCall({
          text: `Not executed: the user denied this call.${reason === undefined || reason === '' ? '' : ` Their reason: ${reason}`}`,
        }),
      });
    }
  }
  return { calls: decided, pending };
}

/** Whether any rule may ask for the call to be approved: most calls have none, and are not asked about. */
function hasApprovalRule({
  name,
  registry,
  options,
}: {
  name: string;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
}): boolean {
  if (options.needsApproval !== undefined) return true;
  const rule = registry.findLocalTool(name)?.needsApproval;
  return rule !== undefined && rule !== false;
}

async function needsApproval({
  planned,
  registry,
  options,
  signal,
}: {
  planned: PlannedToolCall;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
}): Promise<boolean> {
  const { call } = planned;
  try {
    const decide = async () => {
      if (
        options.needsApproval !== undefined &&
        (await options.needsApproval({ name: call.name, input: call.input }))
      )
        return true;
      const rule = registry.findLocalTool(call.name)?.needsApproval;
      if (rule === undefined || rule === false) return false;
      if (rule === true) return true;
      // The rule reads the input as the tool will: a call whose input does not validate fails without running.
      const validation = await registry.findLocalTool(call.name)?.validateInput(call.input);
      return validation?.success === true ? await rule(validation.value) : false;
    };
    return await raceWithSignal(decide(), signal);
  } catch (error) {
    // The turn ended while a rule was asked: the call will not start, whatever the rule says.
    if (signal.aborted) return false;
    throw new HookError({
      hook: 'needsApproval',
      message: `needsApproval threw for '${call.name}': ${describeThrown(error)}`,
      cause: error,
    });
  }
}
