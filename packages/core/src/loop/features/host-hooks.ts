import { HookError } from '../../errors/hook-error.js';
import { describeThrown } from '../../internal/describe-thrown.js';
import { raceWithSignal } from '../../internal/race-with-signal.js';
import type { TurnFeature, Verdict } from './turn-feature.js';
import { customStopReasonPattern, isBuiltinStopReason } from '../stop-reason.js';
import type { ResolvedLoopOptions } from '../tool-loop-options.js';
import type { RequestDraft } from '../request-draft.js';
import type { Turn } from '../turn.js';
import type { PrepareStep, StepInfo, StepSettings, TurnSnapshot } from '../turn-hooks.js';
import type { TurnState } from '../turn-state.js';

/** What a hook reads: the turn so far, not the state the loop keeps changing. */
export function toTurnSnapshot(state: TurnState): TurnSnapshot {
  return {
    messages: state.messages,
    toolCalls: state.toolCalls,
    rounds: state.rounds,
    iterations: state.iterations,
    usage: state.usage,
    text: state.text,
  };
}

/**
 * The host's `prepareStep`: whatever it changes of the next request (system prompt, tools offered, tool choice,
 * model). On the answer request after a cap the tool choice stays `none`. A `prepareStep` that throws, or names
 * tools that do not exist, is a `HookError`.
 */
export const prepareStepFeature: TurnFeature = {
  // Without the hook, nothing is asked and nothing waited for.
  prepareRequest: (turn, draft) =>
    turn.options.prepareStep === undefined
      ? undefined
      : applyPrepareStep(turn, draft, turn.options.prepareStep),
};

async function applyPrepareStep(
  { state, registry, signal }: Turn,
  draft: RequestDraft,
  prepareStep: PrepareStep,
): Promise<void> {
  const settings: StepSettings =
    (await callHook('prepareStep', signal, () =>
      prepareStep({
        ...toTurnSnapshot(state),
        system: draft.system,
        toolNames: registry.toolNames,
        isFinal: draft.isFinal,
      }),
    )) ?? {};
  const activeTools = settings.activeTools;
  // Checked at run time: a JavaScript host's hook is not held to the types.
  if (activeTools !== undefined && !isListOfNames(activeTools)) {
    throw new HookError({
      hook: 'prepareStep',
      message:
        'prepareStep returned activeTools that is not a list of tool names; give the names of the tools to offer, such as ["search"].',
    });
  }
  if (activeTools !== undefined) {
    const unknown = activeTools.filter((name) => !registry.toolNames.includes(name));
    if (unknown.length > 0) {
      throw new HookError({
        hook: 'prepareStep',
        message: `prepareStep named tools that do not exist in activeTools: ${unknown.join(', ')}. Tools: ${registry.toolNames.join(', ') || '(none)'}.`,
      });
    }
    // The control tools (explicit stop, final answer) stay offered.
    draft.tools = registry.definitions.filter(
      (definition) => activeTools.includes(definition.name) || !registry.toolNames.includes(definition.name),
    );
    draft.toolNames = [...activeTools];
  }
  if (settings.toolChoice !== undefined) draft.toolChoice = settings.toolChoice;
  if (settings.system !== undefined) draft.system = settings.system;
  if (settings.model !== undefined) draft.model = settings.model;
}

/**
 * The host's `stopWhen` conditions, after a round, in order: the first decision ends the turn (with one last
 * answer request when it asks for one). A reason that is a built-in one or not snake_case, or a condition that
 * throws, is a `HookError`.
 */
export const stopWhenFeature: TurnFeature = {
  // Without conditions, nothing is asked and nothing waited for.
  afterRound: (turn) => (turn.options.stopWhen.length === 0 ? undefined : checkStopWhen(turn)),
};

async function checkStopWhen({ state, options, signal }: Turn): Promise<Verdict> {
  for (const condition of options.stopWhen) {
    const decision = await callHook('stopWhen', signal, () => condition(toTurnSnapshot(state)));
    if (decision === undefined || decision === null || decision === false) continue;
    const { reason, answer = false, detail } = typeof decision === 'string' ? { reason: decision } : decision;
    // `true` (a condition written as a predicate) or an object without a reason would end the turn unnamed.
    if (typeof reason !== 'string') {
      throw new HookError({
        hook: 'stopWhen',
        message: `stopWhen returned ${describeDecision(decision)}, which is not a stop decision; return a stop reason such as 'answer_submitted' (or { reason, answer?, detail? }) to stop, or undefined to go on.`,
      });
    }
    if (isBuiltinStopReason(reason) || !customStopReasonPattern.test(reason)) {
      throw new HookError({
        hook: 'stopWhen',
        message: `stopWhen returned the stop reason '${reason}', which ${isBuiltinStopReason(reason) ? 'is one of the loop’s own' : 'is not snake_case (a-z, 0-9, _)'}; name your own reason, such as 'answer_submitted'.`,
      });
    }
    const ending = detail === undefined ? { reason } : { reason, detail };
    return answer ? { answer: ending } : { end: ending };
  }
  return undefined;
}

/** Tells the host's `onStepFinish` about a step; a throw is a `HookError`. */
export async function reportStep({
  options,
  step,
  signal,
}: {
  options: ResolvedLoopOptions;
  step: StepInfo;
  signal: AbortSignal;
}): Promise<void> {
  await callHook('onStepFinish', signal, () => options.onStepFinish?.(step));
}

function describeDecision(decision: unknown): string {
  return typeof decision === 'object' && decision !== null ? 'an object without a reason' : String(decision);
}

function isListOfNames(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((name) => typeof name === 'string');
}

/** Calls a hook, bounded by the turn's signal (a hook that never settles cannot outlive the turn's deadline). */
export async function callHook<T>(hook: string, signal: AbortSignal, call: () => T | Promise<T>): Promise<T> {
  try {
    return await raceWithSignal(Promise.resolve().then(call), signal);
  } catch (error) {
    if (signal.aborted || HookError.isInstance(error)) throw error;
    throw new HookError({ hook, message: `${hook} threw: ${describeThrown(error)}`, cause: error });
  }
}
