import { formatScenarioIssue, type ScenarioIssue } from '../scenario/scenario-file-error.js';

const marker = Symbol.for('toolloop.error.RecordingFileError');

/**
 * A recording that cannot be read: each problem as `file:line:column field: message`, the file being the part of
 * the recording at fault (`refund.recording/turn-1/model-1.request.json`).
 */
export class RecordingFileError extends Error {
  private readonly [marker] = true;
  readonly issues: ScenarioIssue[];

  constructor(issues: ScenarioIssue[]) {
    super(issues.map(formatScenarioIssue).join('\n'));
    this.name = 'RecordingFileError';
    this.issues = issues;
  }

  /** True for a `RecordingFileError` from any copy of this package. */
  static isInstance(error: unknown): error is RecordingFileError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
