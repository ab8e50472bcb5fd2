import { ToolloopError } from './toolloop-error.js';

const name = 'InvalidToolInputError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** The model called a tool with arguments that do not match its input schema (or are not JSON at all). */
export class InvalidToolInputError extends ToolloopError {
  private readonly [symbol] = true;
  readonly toolName: string;
  /** One line per problem, each starting with the path of the field (`/city: must be string`). */
  readonly issues: string[];

  constructor({ toolName, issues, cause }: { toolName: string; issues: string[]; cause?: unknown }) {
    super({ name, message: `Invalid arguments for tool '${toolName}': ${issues.join('; ')}`, cause });
    this.toolName = toolName;
    this.issues = issues;
  }

  static override isInstance(error: unknown): error is InvalidToolInputError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), toolName: this.toolName, issues: this.issues };
  }
}
