import { ToolloopError } from './toolloop-error.js';

const name = 'MockSpecError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** One problem in a mock server spec: the field path, where it is in the file when known, and what is wrong. */
export interface MockSpecIssue {
  /** The field path, e.g. `tools[0].responses[1].times`; `(root)` for the whole spec. */
  path: string;
  message: string;
  /** 1-based line in the file, when the spec came from a file. */
  line?: number;
  /** 1-based column in the file, when the spec came from a file. */
  column?: number;
}

/**
 * A mock server spec that cannot be used: it does not parse, or it does not fit the schema. The message lists
 * every issue with its file, line:column (YAML and JSON files) and field path.
 */
export class MockSpecError extends ToolloopError {
  private readonly [symbol] = true;
  readonly file: string | undefined;
  readonly issues: MockSpecIssue[];

  constructor({ file, issues, cause }: { file?: string; issues: MockSpecIssue[]; cause?: unknown }) {
    super({ name, message: formatMessage({ file, issues }), cause });
    this.file = file;
    this.issues = issues;
  }

  /** True for a `MockSpecError` from any copy of this package. */
  static override isInstance(error: unknown): error is MockSpecError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), file: this.file, issues: this.issues };
  }
}

function formatMessage({ file, issues }: { file: string | undefined; issues: MockSpecIssue[] }): string {
  const lines = issues.map((issue) => `  ${formatLocation({ file, issue })}${issue.path}: ${issue.message}`);
  const source = file === undefined ? '' : ` in ${file}`;
  return [`Invalid mock server spec${source}:`, ...lines].join('\n');
}

function formatLocation({ file, issue }: { file: string | undefined; issue: MockSpecIssue }): string {
  if (file === undefined) return '';
  if (issue.line === undefined || issue.column === undefined) return `${file} `;
  return `${file}:${issue.line}:${issue.column} `;
}
