import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ThinkingSettings } from '../model/model.js';
import { defaultProgressivePrompt } from './progressive-prompt.js';
import type { ResolvedLoopOptions, ToolLoopOptions } from './tool-loop-options.js';

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
  const messages = [...(options.messages ?? [])];
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

  return {
    model: options.model,
    messages,
    system: options.system,
    tools: options.tools ?? [],
    toolChoice: options.toolChoice,
    maxIterations: count('maxIterations', options.maxIterations, 10, 1),
    maxRounds: count('maxRounds', options.maxRounds, Infinity, 1),
    maxConsecutiveErrors: count('maxConsecutiveErrors', options.maxConsecutiveErrors, 3, 1),
    timeoutMs: duration('timeoutMs', options.timeoutMs, 120_000),
    toolTimeoutMs: duration('toolTimeoutMs', options.toolTimeoutMs, 30_000),
    maxToolCallsPerMessage: count('maxToolCalls.perMessage', maxToolCalls.perMessage, Infinity, 0),
    maxToolCallsPerSession: count('maxToolCalls.perSession', maxToolCalls.perSession, Infinity, 0),
    sessionToolCalls: count('sessionToolCalls', options.sessionToolCalls, 0, 0),
    maxToolsPerResponse: count('maxToolsPerResponse', options.maxToolsPerResponse, Infinity, 1),
    toolConcurrency: count('toolConcurrency', options.toolConcurrency, Infinity, 1),
    unknownTool: oneOf('unknownTool', options.unknownTool, ['feedback', 'stop'] as const, 'feedback'),
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
    signal: options.signal,
  };
}

function count(argument: string, value: number | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isInteger(value) && value >= minimum)) return value;
  throw new InvalidArgumentError({
    argument,
    message: `expected an integer of at least ${minimum}, got ${value}.`,
  });
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
