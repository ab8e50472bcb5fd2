import type { OptionIssue } from './option-schema.js';

/** The first thing wrong with options: a name the schema does not take, or a value it refuses. */
export type OptionProblem =
  | { type: 'unknown-option'; path: PropertyKey[]; name: string }
  | { type: 'invalid-value'; path: PropertyKey[]; message: string };

/**
 * The problem to report among a schema's issues: an unknown name first, wherever it is (a misspelt option would
 * otherwise be ignored, or make another refusal point elsewhere), then the first refused value. A value that
 * fits none of a union's forms is reported by the form it came closest to (the one whose problem lies deepest:
 * `maxToolCalls.perMessage`, `stopWhen[1]`), or by the union's own refusal when it fits none at all. A name that
 * one form of a union does not take but another does (`name` beside `type: 'none'` in `toolChoice`) is not
 * unknown, and which form was meant cannot be told: the union's own refusal says what its forms are. `isKnown`
 * says which names the schema takes at a path.
 */
export function findOptionProblem(
  issues: readonly OptionIssue[],
  isKnown: (path: readonly PropertyKey[], name: string) => boolean,
): OptionProblem | undefined {
  return findUnknownName(issues, isKnown) ?? findRefusedValue(issues);
}

function findUnknownName(
  issues: readonly OptionIssue[],
  isKnown: (path: readonly PropertyKey[], name: string) => boolean,
): OptionProblem | undefined {
  for (const issue of issues) {
    if (issue.type === 'unknown-names') {
      const name = issue.names.find((unknown) => !isKnown(issue.path, unknown));
      if (name !== undefined) return { type: 'unknown-option', path: issue.path, name };
    }
    if (issue.type === 'no-form') {
      for (const form of issue.forms) {
        const found = findUnknownName(form, isKnown);
        if (found !== undefined) return found;
      }
      if (issue.forms.some((form) => takesElsewhere(form, isKnown))) {
        return { type: 'invalid-value', path: issue.path, message: issue.message };
      }
    }
  }
  return undefined;
}

/** Whether a form's issues name a field it does not take that another form at that path does. */
function takesElsewhere(
  issues: readonly OptionIssue[],
  isKnown: (path: readonly PropertyKey[], name: string) => boolean,
): boolean {
  return issues.some(
    (issue) =>
      (issue.type === 'unknown-names' && issue.names.some((name) => isKnown(issue.path, name))) ||
      (issue.type === 'no-form' && issue.forms.some((form) => takesElsewhere(form, isKnown))),
  );
}

function findRefusedValue(issues: readonly OptionIssue[]): OptionProblem | undefined {
  const [issue] = issues;
  if (issue === undefined || issue.type === 'unknown-names') return undefined;
  if (issue.type === 'no-form') {
    const depth = (form: readonly OptionIssue[]) =>
      Math.min(...form.map((inner) => inner.path.length)) - issue.path.length;
    const closest = [...issue.forms].sort((left, right) => depth(right) - depth(left))[0];
    if (closest !== undefined && depth(closest) > 0) return findRefusedValue(closest);
  }
  return { type: 'invalid-value', path: issue.path, message: issue.message };
}

/** `['messages', 0, 'content']` → `messages[0].content`. */
export function formatOptionPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? String(segment) : `.${String(segment)}`,
    )
    .join('');
}
