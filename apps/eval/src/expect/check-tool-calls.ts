import type { JsonValue, ToolCallRecord } from '@toolloop/core';
import { matchesPartially } from '@toolloop/mock-mcp/internal';
import type { ScenarioFailure } from '../report/run-report.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { checkCount } from './check-count.js';
import { checkText } from './check-text.js';
import { createRegularExpressionMatcher, type RegularExpressionMatcher } from './test-regular-expression.js';
import { createFailure } from './create-failure.js';

type ExpectedCall = NonNullable<Extract<Expectation['toolCalls'], { calls: unknown }>>['calls'][number];
type ArgsMode = 'partial' | 'exact' | 'ignore';

/**
 * `expect.toolCalls`: `none`, or the calls in one of four orders — `strict` (the same calls in the same order),
 * `unordered` (the same calls in any order), `subset` (these calls happened, others may have too), `superset`
 * (every call that happened is one of these) — with arguments compared `partial`ly, `exact`ly, or not at all.
 */
export function checkToolCalls({
  expected,
  actual,
  path,
  inputRounds = new Map(),
  runs = new Map(),
  matcher = createRegularExpressionMatcher(),
}: {
  expected: Expectation['toolCalls'];
  actual: readonly ToolCallRecord[];
  /** The rounds of questions each call's server asked, by call id (none: 0). */
  inputRounds?: ReadonlyMap<string, number>;
  /** How many times each call's tool ran, by call id (none: 0). */
  runs?: ReadonlyMap<string, number>;
  path: string;
  /** Tests a `result.matches` within the scenario's budget for regular expressions. */
  matcher?: RegularExpressionMatcher | undefined;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const showRuns = 'calls' in expected && expected.calls.some((call) => call.runs !== undefined);
  const summary = actual.map((call) => ({
    name: call.name,
    input: call.input,
    isError: call.isError,
    executed: call.executed,
    result: resultText(call),
    ...(inputRounds.has(call.toolCallId) ? { inputRounds: inputRounds.get(call.toolCallId) } : {}),
    ...(showRuns ? { runs: runs.get(call.toolCallId) ?? 0 } : {}),
  }));
  if ('none' in expected) {
    return actual.length === 0
      ? []
      : [
          createFailure({
            path: `${path}.none`,
            message: `expected no tool calls, got ${actual.length}`,
            expected: [],
            actual: summary,
          }),
        ];
  }
  const { order, args, calls } = expected;
  const countsOf = (call: ToolCallRecord) => ({
    rounds: inputRounds.get(call.toolCallId) ?? 0,
    runs: runs.get(call.toolCallId) ?? 0,
  });
  const fits = (expectedCall: ExpectedCall, call: ToolCallRecord) =>
    fitsCall({ expected: expectedCall, call, args, matcher, ...countsOf(call) });
  const fail = (message: string, at = `${path}.calls`) => [
    createFailure({ path: at, message, expected: calls, actual: summary }),
  ];
  switch (order) {
    case 'strict': {
      for (const [index, expectedCall] of calls.entries()) {
        const call = actual[index];
        if (call === undefined)
          return fail(
            `expected tool call #${index + 1} '${expectedCall.name}', the turn made only ${actual.length}`,
            `${path}.calls[${index}]`,
          );
        if (!fits(expectedCall, call))
          return fail(
            describeMismatch({ expected: expectedCall, call, index, args, matcher, ...countsOf(call) }),
            `${path}.calls[${index}]`,
          );
      }
      return actual.length === calls.length
        ? []
        : fail(`expected ${calls.length} tool calls, got ${actual.length}`);
    }
    case 'unordered':
      if (actual.length !== calls.length)
        return fail(`expected ${calls.length} tool calls (any order), got ${actual.length}`);
      return matchAll(calls, actual, fits)
        ? []
        : fail('the tool calls differ from the expected ones (any order)');
    case 'subset':
      return matchAll(calls, actual, fits) ? [] : fail('not every expected tool call was made');
    case 'superset':
      return matchAll(actual, calls, (call, expectedCall) => fits(expectedCall, call))
        ? []
        : fail('a tool call was made that is not among the expected ones');
    default: {
      const unexpected: never = order;
      return fail(`unknown order '${String(unexpected)}'`);
    }
  }
}

/** Who is compared with what, and how: what the helpers below take. */
interface CallComparison {
  expected: ExpectedCall;
  call: ToolCallRecord;
  args: ArgsMode;
  matcher: RegularExpressionMatcher;
  /** The rounds of questions the call's server asked. */
  rounds: number;
  /** How many times the call's tool ran. */
  runs: number;
}

function fitsCall({ expected, call, args, matcher, rounds, runs }: CallComparison): boolean {
  if (expected.name !== call.name) return false;
  if (!fitsRounds({ expected, rounds })) return false;
  if (!fitsRuns({ expected, runs })) return false;
  if (expected.isError !== undefined && expected.isError !== call.isError) return false;
  if (expected.executed !== undefined && expected.executed !== call.executed) return false;
  if (!fitsResult({ expected, call, matcher })) return false;
  if (expected.input === undefined || args === 'ignore') return true;
  return args === 'exact'
    ? JSON.stringify(sortKeys(expected.input)) === JSON.stringify(sortKeys(call.input))
    : matchesPartially({ pattern: expected.input, actual: call.input });
}

function describeMismatch({
  expected,
  call,
  index,
  args,
  matcher,
  rounds,
  runs,
}: CallComparison & { index: number }): string {
  const which = `tool call #${index + 1}`;
  if (expected.name !== call.name) return `expected ${which} to be '${expected.name}', got '${call.name}'`;
  if (!fitsRounds({ expected, rounds })) {
    const [problem] = checkRounds({ expected, rounds });
    return `${which} '${call.name}': ${problem?.message ?? 'other rounds of input'}`;
  }
  if (!fitsRuns({ expected, runs })) {
    const [problem] = checkRuns({ expected, runs });
    return `${which} '${call.name}': ${problem?.message ?? 'other runs'}`;
  }
  if (expected.isError !== undefined && expected.isError !== call.isError) {
    return `expected ${which} '${call.name}' to ${expected.isError ? 'fail' : 'succeed'}`;
  }
  if (expected.executed !== undefined && expected.executed !== call.executed) {
    return `expected ${which} '${call.name}' to ${expected.executed ? 'run' : 'be answered by the loop without running'}`;
  }
  if (!fitsResult({ expected, call, matcher })) {
    const [problem] = checkResult({ expected, call, matcher });
    return `expected ${which} '${call.name}': ${problem?.message ?? 'a different result'}, got "${resultText(call)}"`;
  }
  return `expected ${which} '${call.name}' to have ${args === 'exact' ? 'exactly' : 'at least'} the given input, got ${JSON.stringify(call.input)}`;
}

/** The text of a call's result, as the model received it: its text content, parts joined by newlines. */
function resultText(call: ToolCallRecord): string {
  return call.output.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

function checkResult({
  expected,
  call,
  matcher,
}: Pick<CallComparison, 'expected' | 'call' | 'matcher'>): ScenarioFailure[] {
  return checkText({
    expected: expected.result,
    actual: resultText(call),
    path: 'result',
    what: 'its result',
    matcher,
  });
}

function fitsResult({
  expected,
  call,
  matcher,
}: Pick<CallComparison, 'expected' | 'call' | 'matcher'>): boolean {
  return expected.result === undefined || checkResult({ expected, call, matcher }).length === 0;
}

/** Whether each item of `items` can be paired with a distinct candidate it fits (small lists: backtracking). */
function matchAll<ITEM, CANDIDATE>(
  items: readonly ITEM[],
  candidates: readonly CANDIDATE[],
  fits: (item: ITEM, candidate: CANDIDATE) => boolean,
): boolean {
  const used = new Set<number>();
  const place = (index: number): boolean => {
    const item = items[index];
    if (item === undefined) return true;
    for (const [candidateIndex, candidate] of candidates.entries()) {
      if (used.has(candidateIndex) || !fits(item, candidate)) continue;
      used.add(candidateIndex);
      if (place(index + 1)) return true;
      used.delete(candidateIndex);
    }
    return false;
  };
  return place(0);
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys(value[key] ?? null)]),
    );
  }
  return value;
}

function checkRounds({ expected, rounds }: { expected: ExpectedCall; rounds: number }): ScenarioFailure[] {
  return checkCount({
    expected: expected.inputRounds,
    actual: rounds,
    path: 'inputRounds',
    what: 'the rounds of input its server asked for',
  });
}

function fitsRounds(options: { expected: ExpectedCall; rounds: number }): boolean {
  return checkRounds(options).length === 0;
}

function checkRuns({ expected, runs }: { expected: ExpectedCall; runs: number }): ScenarioFailure[] {
  return checkCount({
    expected: expected.runs,
    actual: runs,
    path: 'runs',
    what: 'the runs of its tool',
  });
}

function fitsRuns(options: { expected: ExpectedCall; runs: number }): boolean {
  return checkRuns(options).length === 0;
}
