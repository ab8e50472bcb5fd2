import { escapeLine } from '../report/escape-control-characters.js';

/** One problem in a scenario file, located as precisely as the file allows. */
export interface ScenarioIssue {
  file: string;
  line?: number;
  column?: number;
  /** The field path, such as `turns[0].expect.toolCalls.calls[1].name`; `(root)` for the file itself. */
  path: string;
  message: string;
}

const marker = Symbol.for('toolloop.error.ScenarioFileError');

/** Scenario files that are not valid: every problem, each as `file:line:column path: message`. */
export class ScenarioFileError extends Error {
  private readonly [marker] = true;
  readonly issues: ScenarioIssue[];

  constructor(issues: ScenarioIssue[]) {
    super(issues.map(formatScenarioIssue).join('\n'));
    this.name = 'ScenarioFileError';
    this.issues = issues;
  }

  static isInstance(error: unknown): error is ScenarioFileError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/**
 * `scenarios/a.yaml:12:9 turns[0].expect.rounds: expected a number`; a problem known only by its line (an error
 * thrown in an agent module) is `file:line`.
 */
export function formatScenarioIssue(issue: ScenarioIssue): string {
  const position =
    issue.line === undefined
      ? ''
      : issue.column === undefined
        ? `:${issue.line}`
        : `:${issue.line}:${issue.column}`;
  // Each part is the user's text: escaped, so that it can neither drive the terminal nor start a line of its own.
  return `${escapeLine(issue.file)}${position} ${escapeLine(issue.path)}: ${escapeLine(issue.message)}`;
}
