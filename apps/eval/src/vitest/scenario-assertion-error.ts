import { ToolloopError, type JsonValue } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';

const name = 'ScenarioAssertionError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * The expectations of one scenario that did not hold, thrown by the tests `describeScenarios` makes. It has the
 * shape test runners read for a diff (`expected`, `actual`, `showDiff`): with one failure, its values; with
 * several, objects keyed by each failure's field path. The message gives each failure as `file path: message`.
 */
export class ScenarioAssertionError extends ToolloopError {
  private readonly [symbol] = true;
  readonly failures: ScenarioFailure[];
  readonly expected: JsonValue;
  readonly actual: JsonValue;
  readonly showDiff = true;

  constructor({ file, failures }: { file: string; failures: ScenarioFailure[] }) {
    const lines = failures.map((failure) => `${file} ${failure.path}: ${failure.message}`);
    super({
      name,
      message:
        failures.length === 1
          ? lines.join('')
          : [`${failures.length} expectations failed:`, ...lines].join('\n'),
    });
    this.failures = failures;
    const [only] = failures;
    if (failures.length === 1 && only !== undefined) {
      this.expected = only.expected;
      this.actual = only.actual;
    } else {
      const keys = toUniqueKeys(failures.map((failure) => failure.path));
      this.expected = Object.fromEntries<JsonValue>(
        failures.map((failure, index) => [keys[index] ?? failure.path, failure.expected]),
      );
      this.actual = Object.fromEntries<JsonValue>(
        failures.map((failure, index) => [keys[index] ?? failure.path, failure.actual]),
      );
    }
  }

  static override isInstance(error: unknown): error is ScenarioAssertionError {
    return ToolloopError.hasMarker(error, marker);
  }

  /**
   * Its fields and those a test runner adds to it (vitest's `diff`), since runners serialize an error through
   * `toJSON` to show it.
   */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), ...Object.fromEntries(Object.entries(this)) };
  }
}

/** Field paths as object keys: a path that fails twice gets ` #2`, ` #3` after its second and later uses. */
function toUniqueKeys(paths: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const count = (seen.get(path) ?? 0) + 1;
    seen.set(path, count);
    return count === 1 ? path : `${path} #${count}`;
  });
}
