import type { z } from 'zod';
import type { ConfigIssue } from '../errors/invalid-config-error.js';
import { findNearestName } from '../internal/find-nearest-name.js';
import { findConfigFieldNames } from './find-config-field-names.js';
import { withoutValue } from '../options/option-value-schemas.js';
import { toConfigName, toConfigText } from './session-loop-config.js';

/**
 * Turns zod's issues into `field.path: message` lines. For a union (`max_tool_calls`: a number or an object),
 * the issues of the form the value came closest to are reported (the one whose problems lie deepest), so
 * `max_tool_calls.per_message` is named rather than a vague "invalid input". An unknown field is named with the
 * field it most likely misspells, when `schema` (the schema the issues came from) has one near. Messages come
 * from the schema, the loop's under their snake_case names, and never contain the value.
 */
export function toConfigIssues(
  issues: readonly z.core.$ZodIssue[],
  { schema, prefix = [] }: { schema?: z.ZodType; prefix?: PropertyKey[] } = {},
): ConfigIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const closest = [...issue.errors].sort((left, right) => depth(right) - depth(left))[0];
      if (closest !== undefined && depth(closest) > 0)
        return toConfigIssues(closest, { schema, prefix: path });
    }
    if (issue.code === 'unrecognized_keys') {
      const names = schema === undefined ? [] : findConfigFieldNames(schema, path);
      return issue.keys.map((key) => {
        const nearest = findNearestName(key, names);
        return {
          // The unknown name as given: a camelCase one is not the snake_case field it resembles.
          path: path.length === 0 ? key : `${formatPath(path)}.${key}`,
          message:
            nearest === undefined
              ? 'unknown field (check the spelling; fields are snake_case)'
              : `unknown field; did you mean '${formatPath([...path, nearest])}'?`,
        };
      });
    }
    return [{ path: formatPath(path), message: toConfigText(withoutValue(issue.message)) }];
  });
}

/** How deep the shallowest issue of a union's form lies: 0 when the value is not of that form at all. */
function depth(issues: readonly z.core.$ZodIssue[]): number {
  return Math.min(...issues.map((issue) => issue.path.length));
}

/** `['servers', 'files', 'args', 1]` → `servers.files.args[1]`; the config itself is `(config)`. */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(config)';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const text = toConfigName(String(segment));
      return index === 0 ? text : `.${text}`;
    })
    .join('');
}
