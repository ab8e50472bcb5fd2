import type { JsonValue, ToolCallRecord } from '@toolloop/core';
import type { ExpectedToolCall } from './expected-tool-call.js';

/**
 * The calls made, with only the fields the expected calls compare (the name always; `input` unless `args` is
 * `ignore`; `isError` and `executed` when an expected call gives them), so a diff shows what differs.
 */
export function summarizeToolCalls({
  actual,
  expected,
  args,
}: {
  actual: readonly ToolCallRecord[];
  expected: readonly ExpectedToolCall[];
  args: 'partial' | 'exact' | 'ignore';
}): JsonValue[] {
  const compares = (field: 'input' | 'isError' | 'executed') =>
    expected.some((call) => call[field] !== undefined);
  const withInput = args !== 'ignore' && compares('input');
  const withIsError = compares('isError');
  const withExecuted = compares('executed');
  return actual.map((call) => ({
    name: call.name,
    ...(withInput ? { input: call.input } : {}),
    ...(withIsError ? { isError: call.isError } : {}),
    ...(withExecuted ? { executed: call.executed } : {}),
  }));
}
