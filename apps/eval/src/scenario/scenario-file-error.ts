import { ToolloopError } from '@toolloop/core/internal';
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

const name = 'ScenarioFileError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** Scenario files that are not valid: every problem, each as `file:line:column path: message`. */
export class ScenarioFileError extends ToolloopError {
  private readonly [symbol] = true;
  readonly issues: ScenarioIssue[];

  constructor(issues: ScenarioIssue[]) {
    super({ name, message: issues.map(formatScenarioIssue).join('\n') });
    this.issues = issues;
  }

  static override isInstance(error: unknown): error is ScenarioFileError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
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
