import { MockSpecError } from '../errors/mock-spec-error.js';
import { mockServerSpecSchema, type MockServerSpec } from './mock-server-spec-schema.js';
import { toSpecIssues, type LocateField } from './to-spec-issues.js';

/**
 * Validates a mock server spec given as a value (parsed YAML or JSON, an object literal in a test, or a spec
 * validated before: validation only fills defaults, so it validates again unchanged, also after JSON).
 * Throws a `MockSpecError` naming every field path that is wrong; unknown fields are errors.
 */
export function parseMockServerSpec(
  input: unknown,
  options: { file?: string; locate?: LocateField } = {},
): MockServerSpec {
  const parsed = mockServerSpecSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = toSpecIssues({
    issues: parsed.error.issues,
    ...(options.locate ? { locate: options.locate } : {}),
  });
  throw new MockSpecError({
    ...(options.file === undefined ? {} : { file: options.file }),
    issues,
    cause: parsed.error,
  });
}
