import { MockSpecError, type MockSpecIssue } from '../src/errors/mock-spec-error.js';
import { parseMockServerSpec } from '../src/spec/parse-mock-server-spec.js';

/** The issues `parseMockServerSpec` refuses a spec with; throws when the spec is valid. */
export function issuesOf(input: unknown): MockSpecIssue[] {
  try {
    parseMockServerSpec(input);
  } catch (error) {
    if (MockSpecError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('The spec was valid.');
}
