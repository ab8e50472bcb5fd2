import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { findNearestName } from '../internal/find-nearest-name.js';
import { findOptionNames } from './find-option-names.js';
import { findOptionProblem, formatOptionPath, type OptionProblem } from './find-option-problem.js';
import { isObject } from '../internal/is-object.js';
import type { OptionSchema } from './option-schema.js';
import { toolLoopOptionsSchema, type ToolLoopOptionsInput } from './tool-loop-options-schema.js';

const topLevelAdvice =
  'runToolLoop takes only its own options (ToolLoopOptions): pass them by name rather than spreading an ' +
  'object that holds others.';

/**
 * Checks every option of `runToolLoop` against `toolLoopOptionsSchema`, throwing `InvalidArgumentError` that
 * names the first bad one: an unknown name first (with the nearest valid name), then a refused value. Checked at
 * run time too: plain JavaScript callers get a clear error instead of a crash mid-turn.
 */
export function checkToolLoopOptions(options: ToolLoopOptionsInput): ToolLoopOptionsInput {
  // Checked as unknown: plain JavaScript callers may pass anything, even no object.
  const given: unknown = options;
  // A resumed turn counts the session's tokens as it did before it paused: what is passed now is not read.
  const { sessionTokens: _notRead, ...checked } = isObject(given) ? given : {};
  const resumed = isObject(given) && given.resume !== undefined;
  const issues = toolLoopOptionsSchema.check(resumed ? checked : given, []);
  if (issues.length === 0) return options;
  throw toInvalidArgumentError({
    problem: findOptionProblem(issues, namesOf(toolLoopOptionsSchema)),
    schema: toolLoopOptionsSchema,
  });
}

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
  const schema = toolLoopOptionsSchema.omit(omit.filter(isOptionName));
  const problem = findOptionProblem(schema.check(options, []), namesOf(schema));
  if (problem?.type === 'unknown-option') throw toInvalidArgumentError({ problem, schema, prefix: path });
}

/** A problem `findOptionProblem` found, as the error `runToolLoop` throws; `prefix` says where the options are. */
export function toInvalidArgumentError({
  problem,
  schema,
  prefix,
}: {
  problem: OptionProblem | undefined;
  schema: OptionSchema;
  prefix?: string | undefined;
}): InvalidArgumentError {
  const at = (path: readonly PropertyKey[]) =>
    formatOptionPath(prefix === undefined ? path : [prefix, ...path]) || 'options';
  if (problem === undefined)
    return new InvalidArgumentError({
      argument: prefix ?? 'options',
      message: 'expected an object of options.',
    });
  if (problem.type === 'invalid-value')
    return new InvalidArgumentError({ argument: at(problem.path), message: problem.message });
  const names = findOptionNames(schema, problem.path);
  const nearest = findNearestName(problem.name, names);
  const advice =
    nearest !== undefined
      ? `did you mean '${at([...problem.path, nearest])}'?`
      : problem.path.length === 0
        ? topLevelAdvice
        : `expected one of ${names.join(', ')}.`;
  return new InvalidArgumentError({
    argument: at([...problem.path, problem.name]),
    message: `unknown option; ${advice}`,
  });
}

/** Whether a schema takes a name at a path, in any of its forms. */
export function namesOf(schema: OptionSchema): (path: readonly PropertyKey[], name: string) => boolean {
  return (path, name) => findOptionNames(schema, path).includes(name);
}

function isOptionName(name: string): name is keyof ToolLoopOptionsInput {
  return name in toolLoopOptionsSchema.shape;
}
