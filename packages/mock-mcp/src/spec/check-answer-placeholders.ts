import type { z } from 'zod';
import { checkPlaceholders } from './check-placeholders.js';
import type { InputQuestion, InputRequiredSpec } from './input-required-spec-schema.js';

/**
 * Adds an issue for each placeholder of an `inputRequired` answer that no answer fills: `{{name}}` must name a
 * question of this round or one before it, `{{name.field}}` a field of a form one asked.
 */
export function checkAnswerPlaceholders<Then>(options: {
  spec: InputRequiredSpec<Then>;
  path: PropertyKey[];
  context: z.RefinementCtx;
  /** The names filled by the rounds before this one. */
  known?: readonly string[];
}): void {
  const { spec, path, context } = options;
  const known = [
    ...(options.known ?? []),
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
  checkPlaceholders({
    value: spec.then,
    known,
    knownAs: 'questions asked (or fields of their forms)',
    path: [...path, 'then'],
    context,
    dotted: true,
  });
}

function namesOf(name: string, question: InputQuestion): string[] {
  if (!('elicit' in question)) return [name];
  const fields = Object.keys(question.elicit.requestedSchema?.properties ?? {});
  return [name, ...fields.map((field) => `${name}.${field}`)];
}
