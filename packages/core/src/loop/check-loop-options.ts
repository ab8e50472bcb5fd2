import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Message } from '../model/messages.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import { checkResume } from './check-resume.js';
import { waitingCalls, type ResumeTurn } from './paused-turn.js';
import type { ResolvedContextLimit } from './limit-context.js';
import { defaultSummaryInstructions, type ResolvedSummarize } from './summarize-context.js';
import type { OutputSchema } from './output-schema.js';
import type { ContextLimit, ModelPrice, ToolLoopOptions } from './tool-loop-options.js';

/**
 * The checks of `runToolLoop`'s options, each throwing `InvalidArgumentError` that names the option. They run
 * at run time too: plain JavaScript callers get a clear error instead of a crash mid-turn.
 */

/** The longest delay `setTimeout` honours; anything above it would fire at once. */
const maxTimerMs = 2_147_483_647;

/** A model: anything with a `stream()` method. */
export function checkModel(model: ToolLoopOptions['model'], argument = 'model'): void {
  if (typeof (model as Partial<ToolLoopOptions['model']> | undefined)?.stream !== 'function') {
    throw new InvalidArgumentError({
      argument,
      message: 'expected a Model with a stream() method.',
    });
  }
}

/** A resume, checked, which continues its paused transcript and so comes without messages or a prompt. */
export function checkResumeOption(options: ToolLoopOptions): ResumeTurn | undefined {
  if (options.resume === undefined) return undefined;
  const resume = checkResume(options.resume);
  if (options.messages !== undefined || options.prompt !== undefined) {
    throw new InvalidArgumentError({
      argument: 'resume',
      message: 'a resumed turn continues the paused transcript: give neither messages nor prompt with it.',
    });
  }
  return resume;
}

/** A turn needs something to answer: a prompt, or at least one message. */
export function checkSomethingToAnswer(messages: readonly Message[]): void {
  if (messages.length === 0) {
    throw new InvalidArgumentError({
      argument: 'messages',
      message: 'pass `prompt` or at least one message.',
    });
  }
}

/**
 * A new turn's transcript does not end with tool calls that wait for their results: the APIs refuse a request
 * that holds them, and the turn would answer them as its own. A paused turn goes on through `resume`.
 */
export function checkNoWaitingCalls(messages: readonly Message[]): void {
  const waiting = waitingCalls(messages);
  if (waiting.length > 0) {
    throw new InvalidArgumentError({
      argument: 'messages',
      message: `the last message holds tool calls without results (${waiting.map((call) => call.id).join(', ')}); answer them in a tool message, or continue a paused turn with \`resume\`.`,
    });
  }
}

/** `telemetry`: true, false, or settings whose tracer is an OpenTelemetry Tracer. */
export function checkTelemetry(telemetry: ToolLoopOptions['telemetry']): TelemetryOptions {
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

/** The limits on tool calls a turn takes, as one object: a number is `perMessage`. */
export type ToolCallLimits = { perMessage?: number; perSession?: number };

/** The token budgets a turn takes, as one object: a number is `perTurn`. */
export type TokenBudgets = { perTurn?: number; perSession?: number };

/**
 * The counts, durations, choices and hooks among `runToolLoop`'s options, each checked under its own name (the
 * first bad one throws), with `maxToolCalls` and `tokenBudget` as objects. Their defaults are
 * `resolveLoopOptions`'s.
 */
export function checkLoopSettings(options: ToolLoopOptions): {
  toolCalls: ToolCallLimits;
  budgets: TokenBudgets;
} {
  const toolCalls: ToolCallLimits =
    typeof options.maxToolCalls === 'number'
      ? { perMessage: options.maxToolCalls }
      : (options.maxToolCalls ?? {});
  const budgets: TokenBudgets =
    typeof options.tokenBudget === 'number' ? { perTurn: options.tokenBudget } : (options.tokenBudget ?? {});
  const thinking = options.thinking;
  checkThinking(thinking);
  const counts: Array<[argument: string, value: number | undefined, minimum: number]> = [
    ['maxRounds', options.maxRounds, 1],
    ['maxIterations', options.maxIterations, 1],
    ['maxConsecutiveErrors', options.maxConsecutiveErrors, 1],
    ['maxToolCalls.perMessage', toolCalls.perMessage, 0],
    ['maxToolCalls.perSession', toolCalls.perSession, 0],
    ['maxToolsPerResponse', options.maxToolsPerResponse, 1],
    ['toolConcurrency', options.toolConcurrency, 1],
    ['maxRepeatedCalls', options.maxRepeatedCalls, 1],
    ['maxRepeatedText', options.maxRepeatedText, 1],
    ['tokenBudget.perTurn', budgets.perTurn, 1],
    ['tokenBudget.perSession', budgets.perSession, 1],
  ];
  for (const [argument, value, minimum] of counts) checkCount(argument, value, minimum);
  checkSentCount('maxTokens', options.maxTokens);
  checkSentCount(
    'thinking.budgetTokens',
    typeof thinking === 'object' && 'budgetTokens' in thinking ? thinking.budgetTokens : undefined,
  );
  checkUsedCount('sessionToolCalls', options.sessionToolCalls);
  // A resumed turn counts the session's tokens as it did before it paused: what is passed now is not read.
  if (options.resume === undefined) checkUsedCount('sessionTokens', options.sessionTokens);
  checkDuration('timeoutMs', options.timeoutMs);
  checkDuration('toolTimeoutMs', options.toolTimeoutMs);
  checkOneOf('unknownTool', options.unknownTool, ['feedback', 'stop']);
  checkOneOf('toolSourceError', options.toolSourceError, ['stop', 'skip']);
  checkOneOf('statusMessages', options.statusMessages, ['generated', 'template', 'off']);
  const stopWhen = options.stopWhen;
  if (Array.isArray(stopWhen)) {
    for (const [index, hook] of stopWhen.entries()) checkHook(`stopWhen[${index}]`, hook);
  } else checkHook('stopWhen', stopWhen);
  checkHook('prepareStep', options.prepareStep);
  checkHook('onStepFinish', options.onStepFinish);
  checkHook('onCheckpoint', options.onCheckpoint);
  checkHook('needsApproval', options.needsApproval);
  return { toolCalls, budgets };
}

/** `thinking`, when given: a boolean or settings (its `budgetTokens` is checked with the counts). */
function checkThinking(thinking: unknown): void {
  if (thinking === undefined || typeof thinking === 'boolean') return;
  if (typeof thinking === 'object' && thinking !== null && !Array.isArray(thinking)) return;
  throw new InvalidArgumentError({
    argument: 'thinking',
    message: `expected true, false, { budgetTokens }, { effort } or { enabled, budgetTokens?, effort? }, got ${JSON.stringify(thinking)}.`,
  });
}

/** A count, when given: an integer of at least `minimum`, or Infinity. */
function checkCount(argument: string, value: number | undefined, minimum: number): void {
  if (value === undefined || value === Infinity || (Number.isInteger(value) && value >= minimum)) return;
  throw new InvalidArgumentError({
    argument,
    message: `expected an integer of at least ${minimum}, got ${value}.`,
  });
}

/**
 * A count of tokens the model is sent (`max_tokens`, a thinking budget), when given: an integer of at least 1.
 * Unlike a limit the loop keeps, it cannot be Infinity: a request would carry it as `null`, which the API refuses.
 */
function checkSentCount(argument: string, value: number | undefined): void {
  if (value === undefined || (Number.isInteger(value) && value >= 1)) return;
  throw new InvalidArgumentError({
    argument,
    message: `expected an integer of at least 1 (it is sent to the model), got ${value}.`,
  });
}

/** What a session has used so far (tokens, tool calls), when given: an integer of at least 0, never Infinity. */
function checkUsedCount(argument: string, value: number | undefined): void {
  if (value === undefined || (Number.isInteger(value) && value >= 0)) return;
  throw new InvalidArgumentError({
    argument,
    message: `expected an integer of at least 0, got ${value}.`,
  });
}

/** Milliseconds for a timer, when given: above 0 and at most what `setTimeout` honours (or Infinity). */
function checkDuration(argument: string, value: number | undefined): void {
  if (value === undefined || value === Infinity) return;
  if (Number.isFinite(value) && value > 0 && value <= maxTimerMs) return;
  throw new InvalidArgumentError({
    argument,
    message: `expected milliseconds above 0 and at most ${maxTimerMs} (or Infinity), got ${value}.`,
  });
}

/** One of `allowed`, when given. */
function checkOneOf(argument: string, value: string | undefined, allowed: readonly string[]): void {
  if (value === undefined || allowed.includes(value)) return;
  throw new InvalidArgumentError({
    argument,
    message: `expected one of ${allowed.map((item) => `'${item}'`).join(', ')}, got '${value}'.`,
  });
}

/** A hook, when given: a function. */
function checkHook(argument: string, hook: unknown): void {
  if (hook === undefined || typeof hook === 'function') return;
  throw new InvalidArgumentError({ argument, message: 'expected a function.' });
}

/** A context limit: `maxTokens` at least 1, `keepToolResults` at least 0 (default 3), `excludeTools` names. */
export function checkContextLimit(limit: ContextLimit | undefined): ResolvedContextLimit | undefined {
  if (limit === undefined) return undefined;
  if (typeof limit !== 'object' || (limit as unknown) === null) {
    throw new InvalidArgumentError({
      argument: 'contextLimit',
      message: `expected { maxTokens, keepToolResults?, excludeTools? }, got ${JSON.stringify(limit)}.`,
    });
  }
  if ((limit.maxTokens as number | undefined) === undefined) {
    throw new InvalidArgumentError({
      argument: 'contextLimit.maxTokens',
      message: 'expected the size past which old tool results are cleared, in tokens; it is missing.',
    });
  }
  const excludeTools = limit.excludeTools ?? [];
  if (!Array.isArray(excludeTools) || excludeTools.some((name) => typeof name !== 'string')) {
    throw new InvalidArgumentError({
      argument: 'contextLimit.excludeTools',
      message: `expected a list of tool names, got ${JSON.stringify(excludeTools)}.`,
    });
  }
  checkCount('contextLimit.maxTokens', limit.maxTokens, 1);
  checkCount('contextLimit.keepToolResults', limit.keepToolResults, 0);
  const summarize = checkSummarize(limit.summarize);
  return {
    maxTokens: limit.maxTokens,
    keepToolResults: limit.keepToolResults ?? 3,
    excludeTools: new Set(excludeTools),
    ...(summarize === undefined ? {} : { summarize }),
  };
}

/** `contextLimit.summarize`: a boolean, or `{ model?, instructions?, maxTokens? }`. */
function checkSummarize(summarize: ContextLimit['summarize']): ResolvedSummarize | undefined {
  if (summarize === undefined || summarize === false) return undefined;
  const given = summarize === true ? {} : summarize;
  if (typeof given !== 'object' || (given as unknown) === null) {
    throw new InvalidArgumentError({
      argument: 'contextLimit.summarize',
      message: `expected true, false or { model?, instructions?, maxTokens? }, got ${JSON.stringify(summarize)}.`,
    });
  }
  if (given.model !== undefined) checkModel(given.model, 'contextLimit.summarize.model');
  if (
    given.instructions !== undefined &&
    (typeof given.instructions !== 'string' || given.instructions.trim() === '')
  ) {
    throw new InvalidArgumentError({
      argument: 'contextLimit.summarize.instructions',
      message: `expected the summary model's instructions as text, got ${JSON.stringify(given.instructions)}.`,
    });
  }
  checkSentCount('contextLimit.summarize.maxTokens', given.maxTokens);
  return {
    ...(given.model === undefined ? {} : { model: given.model }),
    instructions: given.instructions ?? defaultSummaryInstructions,
    maxTokens: given.maxTokens ?? 1024,
  };
}

/** Prices by model id: an input and an output price each, every price a number of zero or more. */
export function checkPrices(prices: Record<string, ModelPrice> | undefined): Record<string, ModelPrice> {
  // The type says what a price is; JavaScript callers, and configs read from files, may pass anything.
  for (const [modelId, price] of Object.entries(prices ?? {}) as Array<[string, unknown]>) {
    if (typeof price !== 'object' || price === null || Array.isArray(price)) {
      throw new InvalidArgumentError({
        argument: `prices.${modelId}`,
        message: `expected { inputPerMillion, outputPerMillion } (and cacheReadPerMillion, cacheWritePerMillion if they differ from the input price), got ${JSON.stringify(price)}.`,
      });
    }
    // The two prices every model has are required: a turn priced without one would be priced wrong.
    const fields = new Set(['inputPerMillion', 'outputPerMillion', ...Object.keys(price)]);
    for (const field of fields) {
      const value: unknown = (price as Record<string, unknown>)[field];
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

/** Refuses an `output` that is neither a JSON Schema object nor a Standard Schema that can describe itself as one. */
export function checkOutputSchema(schema: unknown): OutputSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new InvalidArgumentError({
      argument: 'output',
      message:
        'expected a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema object.',
    });
  }
  const standard = (schema as { '~standard'?: { jsonSchema?: unknown } })['~standard'];
  if (standard !== undefined && typeof standard.jsonSchema !== 'object') {
    throw new InvalidArgumentError({
      argument: 'output',
      message:
        'this Standard Schema cannot describe itself as JSON Schema, which the model needs; use zod 4, valibot or arktype, or a JSON Schema object.',
    });
  }
  return schema as OutputSchema;
}
