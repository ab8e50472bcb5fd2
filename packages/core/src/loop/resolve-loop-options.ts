import type { ThinkingSettings } from '../model/model.js';
import { checkMessages, checkSignal, checkTools } from './check-loop-inputs.js';
import { checkToolLoopOptionNames } from './check-tool-loop-option-names.js';
import { compileOutputSchema } from './output-schema.js';
import {
  checkContextLimit,
  checkLoopSettings,
  checkModel,
  checkNoWaitingCalls,
  checkOutputSchema,
  checkPrices,
  checkResumeOption,
  checkSomethingToAnswer,
  checkTelemetry,
} from './check-loop-options.js';
import { defaultProgressivePrompt } from './progressive-prompt.js';
import type { ResolvedLoopOptions, ToolLoopOptions } from './tool-loop-options.js';

/** Applies the defaults and checks every option, throwing `InvalidArgumentError` naming the first bad one. */
export function resolveLoopOptions(options: ToolLoopOptions): ResolvedLoopOptions {
  // First: a misspelt option would otherwise be ignored, or make another check's message point elsewhere.
  checkToolLoopOptionNames(options);
  checkModel(options.model);
  const resume = checkResumeOption(options);
  const messages = [...checkMessages(resume?.turn.messages ?? options.messages ?? [])];
  if (options.prompt !== undefined) messages.push({ role: 'user', content: options.prompt });
  checkSomethingToAnswer(messages);
  // Only a paused turn goes on with calls that wait: those of its pending approvals.
  if (resume?.decisions === undefined) checkNoWaitingCalls(messages);
  const { toolCalls, budgets } = checkLoopSettings(options);
  const explicitStop = options.explicitStop === true ? {} : options.explicitStop || undefined;
  const maxRounds = options.maxRounds ?? Infinity;

  return {
    model: options.model,
    messages,
    system: options.system,
    tools: checkTools(options.tools),
    toolChoice: options.toolChoice,
    maxIterations: options.maxIterations ?? Math.max(10, finiteOr(maxRounds, 0)),
    maxRounds,
    maxConsecutiveErrors: options.maxConsecutiveErrors ?? 3,
    timeoutMs: options.timeoutMs ?? 120_000,
    toolTimeoutMs: options.toolTimeoutMs ?? 30_000,
    maxToolCallsPerMessage: toolCalls.perMessage ?? Infinity,
    maxToolCallsPerSession: toolCalls.perSession ?? Infinity,
    sessionToolCalls: options.sessionToolCalls ?? 0,
    maxToolsPerResponse: options.maxToolsPerResponse ?? Infinity,
    toolConcurrency: options.toolConcurrency ?? Infinity,
    maxRepeatedCalls: options.maxRepeatedCalls ?? Infinity,
    maxRepeatedText: options.maxRepeatedText ?? Infinity,
    tokenBudgetPerTurn: budgets.perTurn ?? Infinity,
    tokenBudgetPerSession: budgets.perSession ?? Infinity,
    // A resumed turn counts against the session as it did before it paused, whatever is passed now.
    sessionTokens: resume?.turn.state.sessionTokens ?? options.sessionTokens ?? 0,
    prices: checkPrices(options.prices),
    contextLimit: checkContextLimit(options.contextLimit),
    unknownTool: options.unknownTool ?? 'feedback',
    toolSourceError: options.toolSourceError ?? 'stop',
    explicitStop:
      explicitStop === undefined
        ? undefined
        : {
            toolName: explicitStop.toolName ?? 'cannot_complete_task',
            description:
              explicitStop.description ??
              'Call this only when you cannot complete the task with the tools and information available, after ' +
                'reasonable attempts. Say why in `reason`; the user will see it.',
          },
    progressivePrompt:
      options.progressivePrompt === true
        ? defaultProgressivePrompt
        : options.progressivePrompt === false
          ? undefined
          : options.progressivePrompt,
    statusMessages: options.statusMessages ?? (options.statusModel === undefined ? 'template' : 'generated'),
    statusModel: options.statusModel,
    thinking: resolveThinking(options.thinking),
    maxTokens: options.maxTokens,
    stopWhen: options.stopWhen === undefined ? [] : [options.stopWhen].flat(),
    prepareStep: options.prepareStep,
    onStepFinish: options.onStepFinish,
    onCheckpoint: options.onCheckpoint,
    needsApproval: options.needsApproval,
    resume,
    output:
      options.output === undefined
        ? undefined
        : {
            schema: compileOutputSchema(checkOutputSchema(options.output)),
            mode: options.model.supportsStructuredOutput === true ? 'native' : 'tool',
          },
    signal: checkSignal(options.signal),
    telemetry: checkTelemetry(options.telemetry),
  };
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function resolveThinking(thinking: ToolLoopOptions['thinking']): ThinkingSettings | undefined {
  if (thinking === undefined) return undefined;
  if (typeof thinking === 'boolean') return { enabled: thinking };
  return { enabled: true, ...thinking };
}
