import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { findNearestName } from '../internal/find-nearest-name.js';
import type { ThinkingSettings, ToolChoice } from '../model/model.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import type { ResumeTurn } from './paused-turn.js';
import type { ProgressivePromptTexts } from './progressive-prompt.js';
import type { ContextLimit, ModelPrice, ToolLoopOptions } from './tool-loop-options.js';

/** The names an options object takes, and the shapes of those of its fields that are objects of options too. */
interface OptionShape {
  names: readonly string[];
  fields?: Record<string, OptionShape>;
  /** The shape of every field's value, for a record keyed by the caller (`prices`, by model id). */
  each?: OptionShape;
  /** What to say of an unknown name near none of `names`; default: the names it takes. */
  advice?: string;
}

/** The keys of `T`, listed once: the compiler refuses a list with one missing or one too many. */
function namesOf<T>(names: Record<keyof T, true>): string[] {
  return Object.keys(names);
}

type ObjectOf<T> = Extract<NonNullable<T>, object>;

const loopShape: OptionShape = {
  names: namesOf<ToolLoopOptions>({
    model: true,
    messages: true,
    prompt: true,
    system: true,
    tools: true,
    toolChoice: true,
    maxIterations: true,
    maxRounds: true,
    maxConsecutiveErrors: true,
    timeoutMs: true,
    toolTimeoutMs: true,
    maxToolCalls: true,
    sessionToolCalls: true,
    maxRepeatedCalls: true,
    maxRepeatedText: true,
    tokenBudget: true,
    sessionTokens: true,
    prices: true,
    contextLimit: true,
    maxToolsPerResponse: true,
    toolConcurrency: true,
    unknownTool: true,
    toolSourceError: true,
    explicitStop: true,
    progressivePrompt: true,
    statusMessages: true,
    statusModel: true,
    thinking: true,
    maxTokens: true,
    stopWhen: true,
    prepareStep: true,
    onStepFinish: true,
    onCheckpoint: true,
    needsApproval: true,
    resume: true,
    output: true,
    signal: true,
    telemetry: true,
  }),
  advice:
    'runToolLoop takes only its own options (ToolLoopOptions): pass them by name rather than spreading an ' +
    'object that holds others.',
  fields: {
    toolChoice: { names: namesOf<Extract<ToolChoice, { type: 'tool' }>>({ type: true, name: true }) },
    maxToolCalls: {
      names: namesOf<ObjectOf<ToolLoopOptions['maxToolCalls']>>({ perMessage: true, perSession: true }),
    },
    tokenBudget: {
      names: namesOf<ObjectOf<ToolLoopOptions['tokenBudget']>>({ perTurn: true, perSession: true }),
    },
    prices: {
      names: [],
      each: {
        names: namesOf<ModelPrice>({
          inputPerMillion: true,
          outputPerMillion: true,
          cacheReadPerMillion: true,
          cacheWritePerMillion: true,
        }),
      },
    },
    contextLimit: {
      names: namesOf<ContextLimit>({
        maxTokens: true,
        keepToolResults: true,
        excludeTools: true,
        summarize: true,
      }),
      fields: {
        summarize: {
          names: namesOf<ObjectOf<ContextLimit['summarize']>>({
            model: true,
            instructions: true,
            maxTokens: true,
          }),
        },
      },
    },
    explicitStop: {
      names: namesOf<ObjectOf<ToolLoopOptions['explicitStop']>>({ toolName: true, description: true }),
    },
    progressivePrompt: { names: namesOf<ProgressivePromptTexts>({ first: true, later: true, final: true }) },
    thinking: { names: namesOf<ThinkingSettings>({ enabled: true, budgetTokens: true, effort: true }) },
    resume: { names: namesOf<ResumeTurn>({ turn: true, decisions: true }) },
    telemetry: {
      names: namesOf<TelemetryOptions>({
        enabled: true,
        tracer: true,
        captureContent: true,
        agentName: true,
      }),
    },
  },
};

/**
 * Refuses an option `runToolLoop` does not take, at the top level or inside the options that are plain objects
 * of options themselves (`thinking`, `maxToolCalls`, `tokenBudget`, `contextLimit`, `prices`, …), with an
 * `InvalidArgumentError` that names it and the nearest valid name: `Invalid option 'maxRound': unknown option;
 * did you mean 'maxRounds'?`. A model, a schema, a signal or a tracer is not looked into. `runToolLoop` checks
 * its options this way; call it to check options kept elsewhere before any turn runs, with `path` saying where
 * they are (`loop` names `loop.maxRound`) and `omit` the options that are not to be given there.
 *
 * @example
 * checkToolLoopOptionNames(settings.loop, { path: 'loop', omit: ['model', 'signal'] });
 */
export function checkToolLoopOptionNames(
  options: unknown,
  { path, omit = [] }: { path?: string; omit?: readonly string[] } = {},
): void {
  if (typeof options !== 'object' || options === null) return;
  const names = loopShape.names.filter((name) => !omit.includes(name));
  checkShape({
    value: options,
    shape: { ...loopShape, names },
    prefix: path === undefined ? '' : `${path}.`,
  });
}

function checkShape({ value, shape, prefix }: { value: object; shape: OptionShape; prefix: string }): void {
  for (const name of Object.keys(value)) {
    if (shape.each === undefined && !shape.names.includes(name)) throw unknownOption({ name, shape, prefix });
  }
  for (const [name, field] of Object.entries(value)) {
    const inner = shape.each ?? shape.fields?.[name];
    if (inner !== undefined && isPlainObject(field)) {
      checkShape({ value: field, shape: inner, prefix: `${prefix}${name}.` });
    }
  }
}

function unknownOption({
  name,
  shape,
  prefix,
}: {
  name: string;
  shape: OptionShape;
  prefix: string;
}): InvalidArgumentError {
  const nearest = findNearestName(name, shape.names);
  const advice =
    nearest === undefined
      ? (shape.advice ?? `expected one of ${shape.names.join(', ')}.`)
      : `did you mean '${prefix}${nearest}'?`;
  return new InvalidArgumentError({ argument: `${prefix}${name}`, message: `unknown option; ${advice}` });
}

/** An object literal (or one without a prototype), as options are written; not a class instance or a schema. */
function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
