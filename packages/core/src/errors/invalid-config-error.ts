import { ToolloopError } from './toolloop-error.js';

const name = 'InvalidConfigError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** One problem in a config: where it is (`max_tool_calls.per_message`) and what is wrong there. */
export interface ConfigIssue {
  path: string;
  message: string;
}

/**
 * A host config (`LlmConfig`) or a session file that does not validate. The message lists every problem as
 * `field.path: message`, one per line; it never contains a field's value, so an API key is never echoed.
 */
export class InvalidConfigError extends ToolloopError {
  private readonly [symbol] = true;
  readonly issues: ConfigIssue[];

  constructor({ issues, subject = 'LLM config' }: { issues: ConfigIssue[]; subject?: string }) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    const lines = issues.map((issue) => `- ${issue.path}: ${issue.message}`);
    super({ name, message: [`Invalid ${subject} (${count}):`, ...lines].join('\n') });
    this.issues = issues;
  }

  static override isInstance(error: unknown): error is InvalidConfigError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}
