import { MockSpecError } from '../errors/mock-spec-error.js';
import { mockToolSchema, type MockTool, type MockToolInput } from './mock-tool-schema.js';
import { toSpecIssues } from './to-spec-issues.js';

/** Validates one mock tool (for `addTool`); throws a `MockSpecError` naming each wrong field. */
export function parseMockTool(input: MockToolInput): MockTool {
  const parsed = mockToolSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new MockSpecError({ issues: toSpecIssues({ issues: parsed.error.issues }), cause: parsed.error });
}
