import { ToolloopError } from './toolloop-error.js';

const name = 'InvalidOutputError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** The most of the model's answer a message quotes. */
const quotedLength = 200;

/**
 * The model's answer did not match the turn's `output` schema, even after one repair request: `issues` say
 * where and why (`/total: expected number`), `text` is the answer as the model gave it.
 */
export class InvalidOutputError extends ToolloopError {
  private readonly [symbol] = true;
  readonly issues: string[];
  readonly text: string;

  constructor({ issues, text }: { issues: string[]; text: string }) {
    const quoted = text.length > quotedLength ? `${text.slice(0, quotedLength)}…` : text;
    super({
      name,
      message: `The model's answer does not match the output schema after one repair request: ${issues.join('; ')}. The answer: ${JSON.stringify(quoted)}`,
    });
    this.issues = issues;
    this.text = text;
  }

  static override isInstance(error: unknown): error is InvalidOutputError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}
