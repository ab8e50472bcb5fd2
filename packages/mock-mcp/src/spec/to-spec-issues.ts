import type { z } from 'zod';
import type { MockSpecIssue } from '../errors/mock-spec-error.js';
import { formatFieldPath } from './format-field-path.js';
import type { SourcePosition } from './locate-yaml-node.js';

/** Finds a field path in the source, or gives `undefined` when the spec did not come from a file. */
export type LocateField = (options: {
  path: readonly PropertyKey[];
  target: 'key' | 'value';
}) => SourcePosition | undefined;

/**
 * Turns zod issues into spec issues: one per unknown field (pointing at its key), the others at their value,
 * each with its field path and, when `locate` is given, its line and column.
 */
export function toSpecIssues(options: {
  issues: readonly z.core.$ZodIssue[];
  locate?: LocateField;
}): MockSpecIssue[] {
  const { locate } = options;
  return options.issues.flatMap(explainUnion).flatMap((issue): MockSpecIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        toIssue({ path: [...issue.path, key], message: `Unknown field '${key}'.`, target: 'key', locate }),
      );
    }
    return [toIssue({ path: issue.path, message: issue.message, target: 'value', locate })];
  });
}

/**
 * Zod reports a value that fits no branch of a union as "Invalid input". When only one branch has the right
 * shape (e.g. an object where a string or an object is allowed), its issues say more; use them instead.
 */
function explainUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const fitting = issue.errors.filter(
    (branch) =>
      !branch.some((branchIssue) => branchIssue.code === 'invalid_type' && branchIssue.path.length === 0),
  );
  const [branch] = fitting;
  if (fitting.length !== 1 || branch === undefined) return [issue];
  return branch.flatMap((branchIssue) =>
    explainUnion({ ...branchIssue, path: [...issue.path, ...branchIssue.path] }),
  );
}

function toIssue(options: {
  path: readonly PropertyKey[];
  message: string;
  target: 'key' | 'value';
  locate: LocateField | undefined;
}): MockSpecIssue {
  const { path, message, target, locate } = options;
  const position = locate?.({ path, target });
  return {
    path: formatFieldPath(path),
    message,
    ...(position === undefined ? {} : { line: position.line, column: position.column }),
  };
}
