import type { z } from 'zod';
import type { ConfigIssue } from '../errors/invalid-config-error.js';
import { findNearestName } from '../internal/find-nearest-name.js';
import { findConfigFieldNames, findUnionRefusal } from './find-config-field-names.js';
import { withoutValue } from '../options/option-value-schemas.js';
import { toConfigName, toConfigText } from './session-loop-config.js';

/**
 * Turns zod's issues into `field.path: message` lines, as `runToolLoop` reports its options. An unknown field is
 * named with the field it most likely misspells, when `schema` (the schema the issues came from) has one near;
 * inside a union (`tool_choice`: `{ type: 'auto' }` or `{ type: 'tool', name }`) a field no form takes is named
 * so, and a field one form takes and another does not (`name` beside `type: 'none'`) gets the union's own
 * refusal, which says its forms. Otherwise a union's issues are those of the form the value came closest to (the
 * one whose problems lie deepest), so `max_tool_calls.per_message` is named rather than a vague "invalid input".
 * Messages come from the schema, the loop's under their snake_case names, and never contain the value.
 */
export function toConfigIssues(
  issues: readonly z.core.$ZodIssue[],
  { schema, prefix = [] }: { schema?: z.ZodType; prefix?: PropertyKey[] } = {},
): ConfigIssue[] {
  const namesAt = (path: readonly PropertyKey[]) =>
    schema === undefined ? [] : findConfigFieldNames(schema, path);
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const misspelt = issue.errors.find((form) => hasUnknownName(form, path, namesAt));
      // The unknown names alone, as for an object: the form's other problems may only be those of another form.
      if (misspelt !== undefined) {
        const unknown = misspelt.filter((inner) => hasUnknownName([inner], path, namesAt));
        return toConfigIssues(unknown, { schema, prefix: path });
      }
      const takenElsewhere = issue.errors.some((form) =>
        form.some((inner) => inner.code === 'unrecognized_keys'),
      );
      const closest = [...issue.errors].sort((left, right) => depth(right) - depth(left))[0];
      if (!takenElsewhere && closest !== undefined && depth(closest) > 0)
        return toConfigIssues(closest, { schema, prefix: path });
    }
    if (issue.code === 'unrecognized_keys') {
      const names = namesAt(path);
      const unknown = issue.keys.filter((key) => !names.includes(key));
      // Zod reports a union by the form that lacks only these names: when each is one another form takes, which
      // form was meant cannot be told, and the union's refusal says its forms. A misspelt name is named first.
      const union = schema === undefined ? undefined : findUnionRefusal(schema, path);
      if (union !== undefined && unknown.length === 0)
        return [{ path: formatPath(path), message: toConfigText(withoutValue(union)) }];
      return unknown.map((key) => {
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

/** Whether a union form's issues name a field that no form at that place takes. */
function hasUnknownName(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
  namesAt: (path: readonly PropertyKey[]) => string[],
): boolean {
  return issues.some((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') return issue.keys.some((key) => !namesAt(path).includes(key));
    return issue.code === 'invalid_union' && issue.errors.some((form) => hasUnknownName(form, path, namesAt));
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
