import type { z } from 'zod';
import { checkPlaceholders } from './check-placeholders.js';
import { listMalformedPlaceholders } from './fill-placeholders.js';
import type { InputQuestion, InputRequiredSpec } from './input-required-spec-schema.js';

/** A name a placeholder can hold: a letter or `_`, then letters, digits, `_` or `-`. */
const placeholderName = /^[A-Za-z_][\w-]*$/u;

/**
 * Adds an issue for each placeholder of an `inputRequired` answer that nothing fills: in a round's questions,
 * `{{name}}` must name one of `known` (a prompt's arguments) or a question of a round before, in its answer a
 * question of any round; `{{name.field}}` a field of a form one asked. Text between `{{` and `}}` that is no
 * placeholder (`{{a b}}`, `{{who.2fa}}`) is refused too.
 */
export function checkAnswerPlaceholders<Then>(options: {
  spec: InputRequiredSpec<Then>;
  path: PropertyKey[];
  context: z.RefinementCtx;
  /** The names filled before this round: a prompt's arguments, the answers of the rounds before. */
  known?: readonly string[];
}): void {
  const { spec, path, context } = options;
  const before = options.known ?? [];
  checkRound({ value: spec.ask, known: before, path: [...path, 'ask'], context });
  const known = [
    ...before,
    ...Object.entries(spec.ask).flatMap(([name, question]) => namesOf(name, question)),
  ];
  if (typeof spec.then === 'object' && spec.then !== null && 'inputRequired' in spec.then) {
    checkAnswerPlaceholders({
      spec: spec.then.inputRequired,
      path: [...path, 'then', 'inputRequired'],
      context,
      known,
    });
    return;
  }
  checkRound({ value: spec.then, known, path: [...path, 'then'], context });
}

function checkRound(options: {
  value: unknown;
  known: readonly string[];
  path: PropertyKey[];
  context: z.RefinementCtx;
}): void {
  const { value, path, context } = options;
  checkPlaceholders({
    value,
    known: options.known,
    knownAs: 'questions asked before (or fields of their forms)',
    path,
    context,
    dotted: true,
  });
  for (const text of listMalformedPlaceholders(value)) {
    context.addIssue({
      code: 'custom',
      path,
      message: `${text} is no placeholder: write {{name}} or {{name.field}}, each a letter or _, then letters, digits, _ or -.`,
      input: value,
    });
  }
}

function namesOf(name: string, question: InputQuestion): string[] {
  if (!('elicit' in question)) return [name];
  const fields = Object.keys(question.elicit.requestedSchema?.properties ?? {});
  return [name, ...fields.filter((field) => placeholderName.test(field)).map((field) => `${name}.${field}`)];
}
