import type { z } from 'zod';
import { listPlaceholders } from './fill-placeholders.js';

/**
 * Adds an issue for each `{{name}}` in `value` that is not one of `known`, at `path`: a placeholder that can
 * never be filled is a typo.
 */
export function checkPlaceholders(options: {
  value: unknown;
  known: readonly string[];
  /** What the names are, for the message: "arguments of prompt 'greet'". */
  knownAs: string;
  path: PropertyKey[];
  context: z.RefinementCtx;
  /** Whether `{{name.field}}` is a placeholder too (the answers to a round of questions). */
  dotted?: boolean;
}): void {
  const { known, knownAs, path, context } = options;
  for (const name of listPlaceholders(options.value, { dotted: options.dotted === true })) {
    if (known.includes(name)) continue;
    const choices = known.length === 0 ? 'it has none' : `they are: ${known.join(', ')}`;
    context.addIssue({
      code: 'custom',
      path,
      message: `Placeholder {{${name}}} names none of the ${knownAs}; ${choices}.`,
      input: options.value,
    });
  }
}
