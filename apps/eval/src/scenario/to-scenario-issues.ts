import { formatFieldPath, type SourcePosition } from '@toolloop/mock-mcp/internal';
import type { z } from 'zod';
import type { ScenarioIssue } from './scenario-file-error.js';

type Locate = (path: readonly PropertyKey[], target: 'key' | 'value') => SourcePosition | undefined;

/**
 * zod issues as scenario issues. An unknown field points at its key (with the name it most likely misspells,
 * where its schema says); a value that fits none of a union's shapes
 * is reported with the issues of the shape it came closest to (the one whose problems lie deepest), since
 * "invalid input" alone would not say what to fix.
 */
export function toScenarioIssues({
  issues,
  file,
  locate,
}: {
  issues: readonly z.core.$ZodIssue[];
  file: string;
  locate: Locate;
}): ScenarioIssue[] {
  return issues
    .flatMap((issue) => flatten(issue, []))
    .map(({ path, message, target }): ScenarioIssue => {
      const position = locate(path, target);
      return {
        file,
        path: formatFieldPath(path),
        message,
        ...(position === undefined ? {} : { line: position.line, column: position.column }),
      };
    })
    .sort((left, right) => (left.line ?? 0) - (right.line ?? 0) || (left.column ?? 0) - (right.column ?? 0));
}

interface FlatIssue {
  path: PropertyKey[];
  message: string;
  target: 'key' | 'value';
}

function flatten(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): FlatIssue[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    // The loop's options name the field a misspelt one most likely meant (`did you mean 'maxRounds'?`).
    const suggestion = issue.message.startsWith('did you mean ') ? `; ${issue.message}` : '.';
    return issue.keys.map((key) => ({
      path: [...path, key],
      message: `Unknown field '${key}'${suggestion}`,
      target: 'key',
    }));
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest =
      [...issue.errors].sort((left, right) => depth(right) - depth(left) || left.length - right.length)[0] ??
      [];
    if (closest.length > 0) return closest.flatMap((inner) => flatten(inner, path));
  }
  if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined) {
    return [
      {
        path,
        message: `Missing required field '${String(path.at(-1))}' (${issue.expected}).`,
        target: 'value',
      },
    ];
  }
  return [{ path, message: issue.message, target: 'value' }];
}

/** How deep the shallowest issue of a union branch lies: a branch that failed only deep down fits best. */
function depth(issues: readonly z.core.$ZodIssue[]): number {
  return Math.min(
    ...issues.map((issue) => issue.path.length + (issue.code === 'unrecognized_keys' ? 0.5 : 0)),
  );
}
