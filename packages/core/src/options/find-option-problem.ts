import type { z } from 'zod';

/** The first thing wrong with options, as a schema found it: a name it does not take, or a value it refuses. */
export type OptionProblem =
  | { type: 'unknown-option'; path: PropertyKey[]; name: string }
  | { type: 'invalid-value'; path: PropertyKey[]; message: string };

/**
 * The problem to report among a schema's issues: an unknown name first, wherever it is (a misspelt option would
 * otherwise be ignored, or make another refusal point elsewhere), then the first refused value. A value that
 * fits none of a union's forms is reported by the form it came closest to (the one whose problem lies deepest:
 * `maxToolCalls.perMessage`, `stopWhen[1]`), or by the union's own refusal when it fits none at all.
 */
export function findOptionProblem(issues: readonly z.core.$ZodIssue[]): OptionProblem | undefined {
  return findUnknownName(issues, []) ?? findRefusedValue(issues, []);
}

function findUnknownName(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
): OptionProblem | undefined {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const [name] = issue.code === 'unrecognized_keys' ? issue.keys : [];
    if (name !== undefined) return { type: 'unknown-option', path, name };
    if (issue.code === 'invalid_union') {
      for (const branch of issue.errors) {
        const found = findUnknownName(branch, path);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

function findRefusedValue(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
): OptionProblem | undefined {
  const [issue] = issues;
  if (issue === undefined) return undefined;
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union') {
    const closest = [...issue.errors].sort((left, right) => depth(right) - depth(left))[0];
    if (closest !== undefined && depth(closest) > 0) return findRefusedValue(closest, path);
  }
  return { type: 'invalid-value', path, message: issue.message };
}

/** How deep the shallowest issue of a union's form lies: 0 when the value is not of that form at all. */
function depth(issues: readonly z.core.$ZodIssue[]): number {
  return Math.min(...issues.map((issue) => issue.path.length));
}

/** `['messages', 0, 'content']` → `messages[0].content`. */
export function formatOptionPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? String(segment) : `.${String(segment)}`,
    )
    .join('');
}
