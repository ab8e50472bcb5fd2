import { z } from 'zod';
import { findNearestName } from '../internal/find-nearest-name.js';
import { asJson, expectedGot } from './option-value-schemas.js';

/**
 * An object of options: strict, so a name it does not take is refused (`unrecognized_keys`) with the name it
 * most likely misspells as the refusal's message (`did you mean 'perMessage'?`) wherever the schema is used —
 * also once renamed, since the names are read from the object the refusal comes from. A value that is not an
 * object is refused as `expected <expected>, got <value>.`
 */
export function optionsObjectSchema<SHAPE extends z.core.$ZodLooseShape>(shape: SHAPE, expected?: string) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return suggestName(issue.keys, issue.inst);
      return expected === undefined ? undefined : expectedGot(expected, issue.input, asJson);
    },
  });
}

function suggestName(given: readonly string[], schema: unknown): string | undefined {
  const [name] = given;
  if (given.length !== 1 || name === undefined || !(schema instanceof z.ZodObject)) return undefined;
  const nearest = findNearestName(name, Object.keys(schema.shape));
  return nearest === undefined ? undefined : `did you mean '${nearest}'?`;
}
