import type { z } from 'zod';
import type { ConfigIssue } from '../errors/invalid-config-error.js';

/**
 * Turns zod's issues into `field.path: message` lines. For a union (`max_tool_calls`: a number or an object),
 * the issues of the branch whose type matched are reported, so `max_tool_calls.per_message` is named rather
 * than a vague "invalid input". Messages come from the schema and never contain the value.
 */
export function toConfigIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: PropertyKey[] = [],
): ConfigIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const matchedBranch = issue.errors.find((branch) => !branch.every((inner) => isWrongTypeAtRoot(inner)));
      if (matchedBranch !== undefined) return toConfigIssues(matchedBranch, path);
    }
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatPath([...path, key]),
        message: 'unknown field (check the spelling; fields are snake_case)',
      }));
    }
    return [{ path: formatPath(path), message: issue.message }];
  });
}

function isWrongTypeAtRoot(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && issue.path.length === 0;
}

/** `['servers', 'files', 'args', 1]` → `servers.files.args[1]`; the config itself is `(config)`. */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(config)';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const text = String(segment);
      return index === 0 ? text : `.${text}`;
    })
    .join('');
}
