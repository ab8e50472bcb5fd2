import { ToolloopError } from '@toolloop/core/internal';
import { formatScenarioIssue, type ScenarioIssue } from '../scenario/scenario-file-error.js';

const name = 'RecordingFileError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A recording that cannot be read: each problem as `file:line:column field: message`, the file being the part of
 * the recording at fault (`refund.recording/turn-1/model-1.request.json`).
 */
export class RecordingFileError extends ToolloopError {
  private readonly [symbol] = true;
  readonly issues: ScenarioIssue[];

  constructor(issues: ScenarioIssue[]) {
    super({ name, message: issues.map(formatScenarioIssue).join('\n') });
    this.issues = issues;
  }

  /** True for a `RecordingFileError` from any copy of this package. */
  static override isInstance(error: unknown): error is RecordingFileError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}
