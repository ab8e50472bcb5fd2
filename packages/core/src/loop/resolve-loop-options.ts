import type { ThinkingSettings } from '../model/model.js';
import { checkMessages, checkSignal, checkTools } from './check-loop-inputs.js';
import { compileOutputSchema } from './output-schema.js';
import {
  checkContextLimit,
  checkCount,
  checkDuration,
  checkHooks,
  checkModel,
  checkNoWaitingCalls,
  checkOneOf,
  checkOutputSchema,
  checkPrices,
  checkResumeOption,
  checkSomethingToAnswer,
  checkTelemetry,
  checkUsedCount,
} from './check-loop-options.js';
import { defaultProgressivePrompt } from './progressive-prompt.js';
import type { ResolvedLoopOptions, ToolLoopOptions } from './tool-loop-options.js';

/** Applies the defaults and checks every option, throwing `InvalidArgumentError` naming the first bad one. */
export function resolveLoopOptions(options: ToolLoopOptions): ResolvedLoopOptions {
  checkModel(options.model);
  const resume = checkResumeOption(options);
  const messages = [...checkMessages(resume?.turn.messages ?? options.messages ?? [])];
  if (options.prompt !== undefined) messages.push({ role: 'user', content: options.prompt });
  checkSomethingToAnswer(messages);
  if (resume === undefined) checkNoWaitingCalls(messages);
  const maxToolCalls =
    typeof options.maxToolCalls === 'number'
      ? { perMessage: options.maxToolCalls }
      : (options.maxToolCalls ?? {});
  const explicitStop = options.explicitStop === true ? {} : options.explicitStop || undefined;
  const maxRounds = checkCount('maxRounds', options.maxRounds, Infinity, 1);
  const tokenBudget =
    typeof options.tokenBudget === 'number' ? { perTurn: options.tokenBudget } : (options.tokenBudget ?? {});

  return {
    model: options.model,
    messages,
    system: options.system,
    tools: checkTools(options.tools),
    toolChoice: options.toolChoice,
    maxIterations: checkCount(
      'maxIterations',
      options.maxIterations,
      Math.max(10, finiteOr(maxRounds, 0)),
      1,
    ),
    maxRounds,
    maxConsecutiveErrors: checkCount('maxConsecutiveErrors', options.maxConsecutiveErrors, 3, 1),
    timeoutMs: checkDuration('timeoutMs', options.timeoutMs, 120_000),
    toolTimeoutMs: checkDuration('toolTimeoutMs', options.toolTimeoutMs, 30_000),
    maxToolCallsPerMessage: checkCount('maxToolCalls.perMessage', maxToolCalls.perMessage, Infinity, 0),
    maxToolCallsPerSession: checkCount('maxToolCalls.perSession', maxToolCalls.perSession, Infinity, 0),
    sessionToolCalls: checkUsedCount('sessionToolCalls', options.sessionToolCalls),
    maxToolsPerResponse: checkCount('maxToolsPerResponse', options.maxToolsPerResponse, Infinity, 1),
    toolConcurrency: checkCount('toolConcurrency', options.toolConcurrency, Infinity, 1),
    maxRepeatedCalls: checkCount('maxRepeatedCalls', options.maxRepeatedCalls, Infinity, 1),
    maxRepeatedText: checkCount('maxRepeatedText', options.maxRepeatedText, Infinity, 1),
    tokenBudgetPerTurn: checkCount('tokenBudget.perTurn', tokenBudget.perTurn, Infinity, 1),
    tokenBudgetPerSession: checkCount('tokenBudget.perSession', tokenBudget.perSession, Infinity, 1),
    // A resumed turn counts against the session as it did before it paused, whatever is passed now.
    sessionTokens:
      resume?.turn.counters.sessionTokens ?? checkUsedCount('sessionTokens', options.sessionTokens),
    prices: checkPrices(options.prices),
    contextLimit: checkContextLimit(options.contextLimit),
    unknownTool: checkOneOf('unknownTool', options.unknownTool, ['feedback', 'stop'] as const, 'feedback'),
    toolSourceError: checkOneOf(
      'toolSourceError',
      options.toolSourceError,
      ['stop', 'skip'] as const,
      'stop',
    ),
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
    statusMessages: checkOneOf(
      'statusMessages',
      options.statusMessages,
      ['generated', 'template', 'off'] as const,
      options.statusModel === undefined ? 'template' : 'generated',
    ),
    statusModel: options.statusModel,
    thinking: resolveThinking(options.thinking),
    maxTokens: options.maxTokens === undefined ? undefined : checkCount('maxTokens', options.maxTokens, 0, 1),
    stopWhen: checkHooks('stopWhen', options.stopWhen),
    prepareStep: checkHooks('prepareStep', options.prepareStep)[0],
    onStepFinish: checkHooks('onStepFinish', options.onStepFinish)[0],
    needsApproval: checkHooks('needsApproval', options.needsApproval)[0],
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
  if ('budgetTokens' in thinking && thinking.budgetTokens !== undefined) {
    checkCount('thinking.budgetTokens', thinking.budgetTokens, 0, 1);
  }
  return { enabled: true, ...thinking };
}
