import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ThinkingSettings } from '../model/model.js';
import { checkMessages, checkSignal, checkTools } from './check-loop-inputs.js';
import { compileOutputSchema } from './output-schema.js';
import { checkResume } from './paused-turn.js';
import { defaultProgressivePrompt } from './progressive-prompt.js';
import type { ModelPrice, ResolvedLoopOptions, ToolLoopOptions } from './tool-loop-options.js';

/** The longest delay `setTimeout` honours; anything above it would fire at once. */
const maxTimerMs = 2_147_483_647;

/** Applies the defaults and checks every option, throwing `InvalidArgumentError` naming the first bad one. */
export function resolveLoopOptions(options: ToolLoopOptions): ResolvedLoopOptions {
  // Checked at run time too: plain JavaScript callers get a clear error instead of a crash mid-turn.
  if (typeof (options.model as Partial<ToolLoopOptions['model']> | undefined)?.stream !== 'function') {
    throw new InvalidArgumentError({
      argument: 'model',
      message: 'expected a Model with a stream() method.',
    });
  }
  const resume = options.resume === undefined ? undefined : checkResume(options.resume);
  if (resume !== undefined && (options.messages !== undefined || options.prompt !== undefined)) {
    throw new InvalidArgumentError({
      argument: 'resume',
      message: 'a resumed turn continues the paused transcript: give neither messages nor prompt with it.',
    });
  }
  const messages = [...checkMessages(resume?.turn.messages ?? options.messages ?? [])];
  if (options.prompt !== undefined) messages.push({ role: 'user', content: options.prompt });
  if (messages.length === 0) {
    throw new InvalidArgumentError({
      argument: 'messages',
      message: 'pass `prompt` or at least one message.',
    });
  }
  const maxToolCalls =
    typeof options.maxToolCalls === 'number'
      ? { perMessage: options.maxToolCalls }
      : (options.maxToolCalls ?? {});
  const explicitStop = options.explicitStop === true ? {} : options.explicitStop || undefined;
  const maxRounds = count('maxRounds', options.maxRounds, Infinity, 1);
  const tokenBudget =
    typeof options.tokenBudget === 'number' ? { perTurn: options.tokenBudget } : (options.tokenBudget ?? {});

  return {
    model: options.model,
    messages,
    system: options.system,
    tools: checkTools(options.tools),
    toolChoice: options.toolChoice,
    maxIterations: count('maxIterations', options.maxIterations, Math.max(10, finiteOr(maxRounds, 0)), 1),
    maxRounds,
    maxConsecutiveErrors: count('maxConsecutiveErrors', options.maxConsecutiveErrors, 3, 1),
    timeoutMs: duration('timeoutMs', options.timeoutMs, 120_000),
    toolTimeoutMs: duration('toolTimeoutMs', options.toolTimeoutMs, 30_000),
    maxToolCallsPerMessage: count('maxToolCalls.perMessage', maxToolCalls.perMessage, Infinity, 0),
    maxToolCallsPerSession: count('maxToolCalls.perSession', maxToolCalls.perSession, Infinity, 0),
    sessionToolCalls: count('sessionToolCalls', options.sessionToolCalls, 0, 0),
    maxToolsPerResponse: count('maxToolsPerResponse', options.maxToolsPerResponse, Infinity, 1),
    toolConcurrency: count('toolConcurrency', options.toolConcurrency, Infinity, 1),
    maxRepeatedCalls: count('maxRepeatedCalls', options.maxRepeatedCalls, Infinity, 1),
    maxRepeatedText: count('maxRepeatedText', options.maxRepeatedText, Infinity, 1),
    tokenBudgetPerTurn: count('tokenBudget.perTurn', tokenBudget.perTurn, Infinity, 1),
    tokenBudgetPerSession: count('tokenBudget.perSession', tokenBudget.perSession, Infinity, 1),
    // A resumed turn counts against the session as it did before it paused, whatever is passed now.
    sessionTokens: resume?.turn.counters.sessionTokens ?? count('sessionTokens', options.sessionTokens, 0, 0),
    prices: checkPrices(options.prices),
    unknownTool: oneOf('unknownTool', options.unknownTool, ['feedback', 'stop'] as const, 'feedback'),
    toolSourceError: oneOf('toolSourceError', options.toolSourceError, ['stop', 'skip'] as const, 'stop'),
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
    statusMessages: oneOf(
      'statusMessages',
      options.statusMessages,
      ['generated', 'template', 'off'] as const,
      options.statusModel === undefined ? 'template' : 'generated',
    ),
    statusModel: options.statusModel,
    thinking: resolveThinking(options.thinking),
    maxTokens: options.maxTokens === undefined ? undefined : count('maxTokens', options.maxTokens, 0, 1),
    stopWhen: checkHooks('stopWhen', options.stopWhen),
    prepareStep: checkHooks('prepareStep', options.prepareStep)[0],
    onStepFinish: checkHooks('onStepFinish', options.onStepFinish)[0],
    needsApproval: checkHooks('needsApproval', options.needsApproval)[0],
    resume,
    output:
      options.output === undefined
        ? undefined
        : {
            schema: compileOutputSchema(options.output),
            mode: options.model.supportsStructuredOutput === true ? 'native' : 'tool',
          },
    signal: checkSignal(options.signal),
    telemetry: checkTelemetry(options.telemetry),
  };
}

function checkTelemetry(telemetry: ToolLoopOptions['telemetry']): TelemetryOptions {
  if (telemetry === undefined || telemetry === true) return {};
  if (telemetry === false) return { enabled: false };
  // Checked at run time too, for plain JavaScript callers.
  const given: unknown = telemetry;
  const tracer: unknown = typeof given === 'object' && given !== null ? telemetry.tracer : undefined;
  if (
    typeof given !== 'object' ||
    given === null ||
    (tracer !== undefined &&
      (typeof tracer !== 'object' ||
        tracer === null ||
        typeof Reflect.get(tracer, 'startSpan') !== 'function'))
  ) {
    throw new InvalidArgumentError({
      argument: 'telemetry',
      message:
        'expected true, false or { enabled, tracer, captureContent, agentName }, where tracer is an OpenTelemetry Tracer.',
    });
  }
  return telemetry;
}

function count(argument: string, value: number | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isInteger(value) && value >= minimum)) return value;
  throw new InvalidArgumentError({
    argument,
    message: `expected an integer of at least ${minimum}, got ${value}.`,
  });
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function duration(argument: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isFinite(value) && value > 0 && value <= maxTimerMs)) return value;
  throw new InvalidArgumentError({
    argument,
    message: `expected milliseconds above 0 and at most ${maxTimerMs} (or Infinity), got ${value}.`,
  });
}

function oneOf<T extends string>(
  argument: string,
  value: T | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (allowed.includes(value)) return value;
  throw new InvalidArgumentError({
    argument,
    message: `expected one of ${allowed.map((item) => `'${item}'`).join(', ')}, got '${value}'.`,
  });
}

function resolveThinking(thinking: ToolLoopOptions['thinking']): ThinkingSettings | undefined {
  if (thinking === undefined) return undefined;
  if (typeof thinking === 'boolean') return { enabled: thinking };
  if ('budgetTokens' in thinking && thinking.budgetTokens !== undefined) {
    count('thinking.budgetTokens', thinking.budgetTokens, 0, 1);
  }
  return { enabled: true, ...thinking };
}

/** A hook, or a list of them for `stopWhen`, as a list of functions. */
function checkHooks<HOOK>(argument: string, hooks: HOOK | HOOK[] | undefined): HOOK[] {
  const list = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  list.forEach((hook, index) => {
    if (typeof hook !== 'function') {
      throw new InvalidArgumentError({
        argument: Array.isArray(hooks) ? `${argument}[${index}]` : argument,
        message: 'expected a function.',
      });
    }
  });
  return list;
}

function checkPrices(prices: Record<string, ModelPrice> | undefined): Record<string, ModelPrice> {
  for (const [modelId, price] of Object.entries(prices ?? {})) {
    for (const [field, value] of Object.entries(price)) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new InvalidArgumentError({
          argument: `prices.${modelId}.${field}`,
          message: `expected a price of zero or more, got ${String(value)}.`,
        });
      }
    }
  }
  return prices ?? {};
}
