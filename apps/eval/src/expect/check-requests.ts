import type { FakeLlmViolation } from '@toolloop/fake-llm';
import { matchesPartially } from '@toolloop/mock-mcp/internal';
import type { RequestSummary, ScenarioFailure } from '../report/run-report.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { checkCount } from './check-count.js';
import { checkText } from './check-text.js';
import { createRegularExpressionMatcher, type RegularExpressionMatcher } from './test-regular-expression.js';
import { createFailure } from './create-failure.js';

type RequestsExpectation = NonNullable<Expectation['requests']>;
type RequestAt = NonNullable<RequestsExpectation['at']>[number];

/**
 * `expect.requests`: how many requests the fake LLM got in this turn, what given ones carried (indexes count
 * from the turn's first request), and whether every thinking block came back unchanged.
 */
export function checkRequests({
  expected,
  requests,
  violations,
  path,
  matcher = createRegularExpressionMatcher(),
}: {
  expected: RequestsExpectation | undefined;
  requests: readonly RequestSummary[];
  /** This turn's violations of the echo check. */
  violations: readonly FakeLlmViolation[];
  path: string;
  /** Tests each `matches` within the scenario's budget for regular expressions. */
  matcher?: RegularExpressionMatcher | undefined;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const failures: ScenarioFailure[] = [];
  if (expected.count !== undefined && expected.count !== requests.length) {
    failures.push(
      createFailure({
        path: `${path}.count`,
        message: `expected ${expected.count} requests to the model, got ${requests.length}`,
        expected: expected.count,
        actual: requests.length,
      }),
    );
  }
  for (const [position, at] of (expected.at ?? []).entries()) {
    const request = requests[at.index];
    const atPath = `${path}.at[${position}]`;
    if (request === undefined) {
      failures.push(
        createFailure({
          path: `${atPath}.index`,
          message: `there is no request #${at.index} (${requests.length === 0 ? 'the turn made none' : `the turn made ${requests.length}, #0 to #${requests.length - 1}`})`,
          expected: `request #${at.index}`,
          actual: `${requests.length} requests`,
        }),
      );
      continue;
    }
    failures.push(...checkRequestAt({ at, request, path: atPath, matcher }));
  }
  if (expected.thinkingEchoed === true && violations.length > 0) {
    failures.push(
      createFailure({
        path: `${path}.thinkingEchoed`,
        message: violations.map((violation) => violation.message).join('; '),
        expected: true,
        actual: false,
      }),
    );
  }
  return failures;
}

function checkRequestAt({
  at,
  request,
  path,
  matcher,
}: {
  at: RequestAt;
  request: RequestSummary;
  path: string;
  matcher: RegularExpressionMatcher;
}): ScenarioFailure[] {
  const failures: ScenarioFailure[] = [];
  const fail = (field: string, message: string, expected: unknown, actual: unknown) =>
    failures.push(
      createFailure({
        path: `${path}.${field}`,
        message: `request #${at.index}: ${message}`,
        expected,
        actual,
      }),
    );
  if (at.tools === 'present' && request.tools.length === 0)
    fail('tools', 'expected tools to be offered, none were', 'present', []);
  if (at.tools === 'absent' && request.tools.length > 0)
    fail('tools', 'expected no tools to be offered', 'absent', request.tools);
  if (Array.isArray(at.tools) && [...at.tools].sort().join() !== [...request.tools].sort().join()) {
    fail('tools', 'expected exactly these tools to be offered', at.tools, request.tools);
  }
  for (const [position, expected] of (at.toolDefinitions ?? []).entries()) {
    const field = `toolDefinitions[${position}]`;
    const offered = request.toolDefinitions?.find((tool) => tool.name === expected.name);
    if (offered === undefined) {
      fail(
        field,
        `expected the tool '${expected.name}' to be offered, it was not`,
        expected.name,
        request.tools,
      );
      continue;
    }
    failures.push(
      ...checkText({
        expected: expected.description,
        actual: offered.description ?? '',
        path: `${path}.${field}.description`,
        what: `request #${at.index}'s description of '${expected.name}'`,
        matcher,
      }),
    );
    if (
      expected.inputSchema !== undefined &&
      !matchesPartially({ pattern: expected.inputSchema, actual: offered.inputSchema })
    ) {
      fail(
        `${field}.inputSchema`,
        `the input schema of '${expected.name}' differs`,
        expected.inputSchema,
        offered.inputSchema,
      );
    }
  }
  if (at.toolChoice !== undefined) {
    const expected = typeof at.toolChoice === 'string' ? { type: at.toolChoice } : at.toolChoice;
    if (!matchesPartially({ pattern: expected, actual: request.toolChoice })) {
      fail('toolChoice', 'the tool choice differs', expected, request.toolChoice);
    }
  }
  failures.push(
    ...checkText({
      expected: at.system,
      actual: request.system ?? '',
      path: `${path}.system`,
      what: `request #${at.index}'s system prompt`,
      matcher,
    }),
  );
  if (at.cacheBreakpoints !== undefined) {
    const actual = request.cacheBreakpoints ?? [];
    const expected = at.cacheBreakpoints === 'absent' ? [] : at.cacheBreakpoints;
    if (expected.join(' ') !== actual.join(' ')) {
      fail(
        'cacheBreakpoints',
        actual.length === 0
          ? 'expected cache breakpoints, the request marked none'
          : `expected ${expected.length === 0 ? 'no cache breakpoints' : `cache breakpoints at ${expected.join(', ')}`}, the request marked ${actual.join(', ')}`,
        at.cacheBreakpoints,
        actual.length === 0 ? 'absent' : actual,
      );
    }
  }
  if (at.maxTokens !== undefined && at.maxTokens !== (request.maxTokens ?? 'absent')) {
    fail(
      'maxTokens',
      at.maxTokens === 'absent'
        ? `expected no output token limit, ${String(request.maxTokens)} was sent`
        : `expected an output token limit of ${at.maxTokens}, ${request.maxTokens === undefined ? 'none was sent' : `got ${request.maxTokens}`}`,
      at.maxTokens,
      request.maxTokens ?? 'absent',
    );
  }
  if (at.messages !== undefined) {
    const [problem] = checkCount({
      expected: at.messages,
      actual: request.messageCount ?? 0,
      path: 'messages',
      what: 'its messages',
    });
    if (problem !== undefined) fail('messages', problem.message, at.messages, request.messageCount ?? 0);
  }
  if (at.outputFormat === 'absent' && request.outputFormat !== undefined) {
    fail('outputFormat', 'expected no structured output format', 'absent', request.outputFormat);
  }
  if (typeof at.outputFormat === 'object') {
    const format = request.outputFormat;
    if (format === undefined) {
      fail(
        'outputFormat',
        'expected a structured output format, none was asked for',
        at.outputFormat,
        'absent',
      );
    } else {
      if (at.outputFormat.name !== undefined && at.outputFormat.name !== format.name) {
        fail(
          'outputFormat.name',
          `expected the output format to be named '${at.outputFormat.name}', ${format.name === undefined ? 'it had no name' : `it was named '${format.name}'`}`,
          at.outputFormat.name,
          format.name,
        );
      }
      if (
        at.outputFormat.schema !== undefined &&
        !matchesPartially({ pattern: at.outputFormat.schema, actual: format.schema })
      ) {
        fail(
          'outputFormat.schema',
          'the output format schema differs',
          at.outputFormat.schema,
          format.schema,
        );
      }
    }
  }

  if (at.thinking !== undefined) {
    const expected = {
      type: at.thinking.type,
      ...(at.thinking.budgetTokens === undefined ? {} : { budget_tokens: at.thinking.budgetTokens }),
    };
    if (!matchesPartially({ pattern: expected, actual: request.thinking }))
      fail('thinking', 'the thinking setting differs', expected, request.thinking);
  }
  if (at.stream !== undefined) {
    const stream = request.stream;
    if (at.stream.clientAborted !== undefined && stream?.clientAborted !== at.stream.clientAborted) {
      fail(
        'stream.clientAborted',
        `expected the client ${at.stream.clientAborted ? 'to stop' : 'not to stop'} the response stream`,
        at.stream.clientAborted,
        stream?.clientAborted,
      );
    }
    const after = stream?.bytesSentAfterSecondToolBlock;
    if (
      at.stream.maxBytesAfterSecondToolBlock !== undefined &&
      (after === undefined || after > at.stream.maxBytesAfterSecondToolBlock)
    ) {
      fail(
        'stream.maxBytesAfterSecondToolBlock',
        `expected at most ${at.stream.maxBytesAfterSecondToolBlock} bytes after the second tool block began (of ${String(stream?.bytesPlannedAfterSecondToolBlock)})`,
        at.stream.maxBytesAfterSecondToolBlock,
        after,
      );
    }
  }
  if (at.toolResults !== undefined) {
    const actual = request.toolResults ?? [];
    if (actual.length !== at.toolResults.length) {
      fail(
        'toolResults',
        `expected ${toolResults(at.toolResults.length)}, the request carried ${actual.length}`,
        at.toolResults.length,
        actual.length,
      );
    } else {
      at.toolResults.forEach((expected, position) => {
        failures.push(
          ...checkText({
            expected,
            actual: actual[position] ?? '',
            path: `${path}.toolResults[${position}]`,
            what: `request #${at.index}'s tool result ${position + 1}`,
            matcher,
          }),
        );
      });
    }
  }
  for (const which of ['first', 'last'] as const) {
    const expected = at[`${which}Message`];
    if (expected === undefined) continue;
    const actual = request[`${which}Message`];
    // `tool` is the message that holds tool results on every wire: a user turn of them on the Messages API.
    const roleMatches =
      actual?.role === expected.role || (expected.role === 'tool' && actual?.holdsToolResults === true);
    if (!roleMatches)
      fail(
        `${which}Message.role`,
        expected.role === 'tool'
          ? `expected the ${which} message to hold tool results`
          : `expected the ${which} message to be the ${expected.role}'s`,
        expected.role,
        actual?.role,
      );
    if (expected.contains !== undefined && !(actual?.text ?? '').includes(expected.contains)) {
      fail(
        `${which}Message.contains`,
        `expected the ${which} message to contain "${expected.contains}"`,
        expected.contains,
        actual?.text,
      );
    }
    if (expected.notContains !== undefined && (actual?.text ?? '').includes(expected.notContains)) {
      fail(
        `${which}Message.notContains`,
        `expected the ${which} message not to contain "${expected.notContains}"`,
        expected.notContains,
        actual?.text,
      );
    }
  }
  return failures;
}

function toolResults(count: number): string {
  return count === 1 ? '1 tool result' : `${count} tool results`;
}
