import type { ThinkingSettings } from '../model/model.js';
import { checkToolLoopOptions } from '../options/check-tool-loop-options.js';
import { compileOutputSchema } from './output-schema.js';
import { checkNoWaitingCalls, checkResumeOption, checkSomethingToAnswer } from './check-loop-options.js';
import type { ResolvedContextLimit } from './limit-context.js';
import { defaultProgressivePrompt } from './progressive-prompt.js';
import { defaultSummaryInstructions, type ResolvedSummarize } from './summarize-context.js';
import type { ContextLimit, ResolvedLoopOptions, ToolLoopOptions } from './tool-loop-options.js';

/** Applies the defaults and checks every option, throwing `InvalidArgumentError` naming the first bad one. */
export function resolveLoopOptions(given: ToolLoopOptions): ResolvedLoopOptions {
  const options = checkToolLoopOptions(given);
  const resume = checkResumeOption(options);
  const messages = [...(resume?.turn.messages ?? options.messages ?? [])];
  const givenMessages = messages.length;
  if (options.prompt !== undefined) messages.push({ role: 'user', content: options.prompt });
  checkSomethingToAnswer(messages);
  // Only a paused turn goes on with calls that wait (those of its pending approvals), and a turn resumed from a
  // checkpoint taken while its calls ran.
  if (resume?.decisions === undefined && resume?.turn.runningStep === undefined)
    checkNoWaitingCalls(messages);
  const toolCalls =
    typeof options.maxToolCalls === 'number'
      ? { perMessage: options.maxToolCalls }
      : (options.maxToolCalls ?? {});
  const budgets =
    typeof options.tokenBudget === 'number' ? { perTurn: options.tokenBudget } : (options.tokenBudget ?? {});
  const explicitStop = options.explicitStop === true ? {} : options.explicitStop || undefined;
  const maxRounds = options.maxRounds ?? Infinity;

  return {
    model: options.model,
    messages,
    givenMessages,
    system: options.system,
    tools: options.tools ?? [],
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
    prices: options.prices ?? {},
    contextLimit: resolveContextLimit(options.contextLimit),
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
    toolJournal: options.toolJournal,
    idempotent: options.idempotent,
    resume,
    output:
      options.output === undefined
        ? undefined
        : {
            schema: compileOutputSchema(options.output),
            mode: options.model.supportsStructuredOutput === true ? 'native' : 'tool',
          },
    signal: options.signal,
    telemetry:
      options.telemetry === undefined || options.telemetry === true
        ? {}
        : options.telemetry === false
          ? { enabled: false }
          : options.telemetry,
  };
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

/** `thinking` as the model request carries it: on or off, with the budget and effort given. */
function resolveThinking(thinking: ToolLoopOptions['thinking']): ThinkingSettings | undefined {
  if (thinking === undefined) return undefined;
  if (typeof thinking === 'boolean') return { enabled: thinking };
  return { enabled: true, ...thinking };
}

/** A context limit with its defaults: three results kept whole, none excluded, the built-in summary. */
function resolveContextLimit(limit: ContextLimit | undefined): ResolvedContextLimit | undefined {
  if (limit === undefined) return undefined;
  const summarize = resolveSummarize(limit.summarize);
  return {
    maxTokens: limit.maxTokens,
    keepToolResults: limit.keepToolResults ?? 3,
    excludeTools: new Set(limit.excludeTools ?? []),
    ...(summarize === undefined ? {} : { summarize }),
  };
}

function resolveSummarize(summarize: ContextLimit['summarize']): ResolvedSummarize | undefined {
  if (summarize === undefined || summarize === false) return undefined;
  const given = summarize === true ? {} : summarize;
  return {
    ...(given.model === undefined ? {} : { model: given.model }),
    instructions: given.instructions ?? defaultSummaryInstructions,
    maxTokens: given.maxTokens ?? 1024,
  };
}
