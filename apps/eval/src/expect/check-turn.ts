import type { LoopEvent, LoopResult } from '@toolloop/core';
import type { FakeLlmViolation } from '@toolloop/fake-llm';
import type { ScenarioFailure, TurnReport } from '../report/run-report.js';
import type { TurnObservation } from '../run/create-turn-observer.js';
import type { ApprovalTrail } from '../run/drive-turn.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { checkApprovals } from './check-approvals.js';
import { checkCount } from './check-count.js';
import { checkEvents } from './check-events.js';
import { checkRequests } from './check-requests.js';
import { checkStatusLines } from './check-status-lines.js';
import { checkSubsequence } from './check-subsequence.js';
import { checkText, checkThinking } from './check-text.js';
import { checkElicitations } from './check-elicitations.js';
import { checkOutput } from './check-output.js';
import { checkToolCalls } from './check-tool-calls.js';
import { createRegularExpressionMatcher, type RegularExpressionMatcher } from './test-regular-expression.js';
import { createFailure } from './create-failure.js';

/** Every expectation of one turn against what the turn did; each failure names its field path. */
export function checkTurn({
  expectation,
  path,
  observation,
  report,
  violations,
  requestOffset,
  approvals = { paused: [], decided: [] },
  toolRuns = new Map(),
  matcher = createRegularExpressionMatcher(),
}: {
  expectation: Expectation | undefined;
  path: string;
  observation: TurnObservation;
  report: TurnReport;
  violations: readonly FakeLlmViolation[];
  requestOffset: number;
  /** The calls that waited for approval in the turn, and how they were answered. */
  approvals?: ApprovalTrail;
  /** How many times each call's tool ran, by call id, on every host of the scenario. */
  toolRuns?: ReadonlyMap<string, number>;
  /** Tests each `matches` within the scenario's budget for regular expressions (one for all its turns). */
  matcher?: RegularExpressionMatcher;
}): ScenarioFailure[] {
  if (expectation === undefined) return [];
  const { result, events } = observation;
  const failures: ScenarioFailure[] = [];
  if (expectation.stopReason !== undefined && expectation.stopReason !== result.stopReason) {
    failures.push(
      createFailure({
        path: `${path}.stopReason`,
        message: `expected the turn to stop with '${expectation.stopReason}', it stopped with '${result.stopReason}'${result.error === undefined ? '' : ` (${result.error.message})`}`,
        expected: expectation.stopReason,
        actual: result.stopReason,
      }),
    );
  }
  const echoViolations = violations.filter(
    (violation) =>
      violation.type === 'thinking-changed' &&
      violation.requestIndex >= requestOffset &&
      violation.requestIndex < requestOffset + report.requests.length,
  );
  failures.push(
    ...checkCount({
      expected: expectation.rounds,
      actual: result.rounds,
      path: `${path}.rounds`,
      what: 'rounds',
    }),
    ...checkCount({
      expected: expectation.iterations,
      actual: result.iterations,
      path: `${path}.iterations`,
      what: 'iterations',
    }),
    ...checkToolCalls({
      expected: expectation.toolCalls,
      actual: result.toolCalls,
      inputRounds: countInputRounds(events),
      runs: toolRuns,
      path: `${path}.toolCalls`,
      matcher,
    }),
    ...checkText({
      expected: expectation.text,
      actual: result.text,
      path: `${path}.text`,
      what: 'the answer',
      matcher,
    }),
    ...checkText({
      expected: expectation.content,
      actual: observation.content,
      path: `${path}.content`,
      what: 'the streamed text',
      matcher,
    }),
    ...checkThinking({
      expected: expectation.thinking,
      actual: observation.thinking,
      path: `${path}.thinking`,
    }),
    ...checkStatusLines({
      expected: expectation.status,
      actual: events.flatMap((event) => (event.type === 'status' ? [event.message] : [])),
      path: `${path}.status`,
    }),
    ...checkSubsequence({
      expected: expectation.events,
      actual: events.map((event) => event.type),
      path: `${path}.events`,
      what: 'event',
    }),
    ...checkEvents({ kind: 'error', expected: expectation.errors, events, path: `${path}.errors` }),
    ...checkEvents({ kind: 'warning', expected: expectation.warnings, events, path: `${path}.warnings` }),
    ...checkElicitations({
      expected: expectation.elicitations,
      actual: report.elicitations,
      path: `${path}.elicitations`,
    }),
    ...checkRequests({
      expected: expectation.requests,
      requests: report.requests,
      violations: echoViolations,
      path: `${path}.requests`,
      matcher,
    }),
    ...checkApprovals({ expected: expectation.approvals, trail: approvals, path: `${path}.approvals` }),
    ...checkOutput({ expected: expectation.output, actual: result.output, path: `${path}.output` }),
    ...checkCount({
      expected: expectation.durationMs,
      actual: result.durationMs,
      path: `${path}.durationMs`,
      what: 'the turn time (ms)',
    }),
    ...checkCount({
      expected: expectation.usage?.inputTokens,
      actual: result.usage.inputTokens,
      path: `${path}.usage.inputTokens`,
      what: 'input tokens',
    }),
    ...checkCount({
      expected: expectation.usage?.outputTokens,
      actual: result.usage.outputTokens,
      path: `${path}.usage.outputTokens`,
      what: 'output tokens',
    }),
    ...checkCount({
      expected: expectation.usage?.cacheReadTokens,
      actual: result.usage.cacheReadTokens ?? 0,
      path: `${path}.usage.cacheReadTokens`,
      what: 'input tokens read from the cache',
    }),
    ...checkCount({
      expected: expectation.usage?.cacheWriteTokens,
      actual: result.usage.cacheWriteTokens ?? 0,
      path: `${path}.usage.cacheWriteTokens`,
      what: 'input tokens written to the cache',
    }),
    ...checkCost({ expected: expectation.cost, actual: result.cost, path: `${path}.cost` }),
  );
  return failures;
}

/** The turn's cost at the scenario's prices, part by part, or that it has none. */
function checkCost({
  expected,
  actual,
  path,
}: {
  expected: Expectation['cost'];
  actual: LoopResult['cost'];
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  if (expected === 'absent') {
    return actual === undefined
      ? []
      : [
          createFailure({
            path,
            message: `expected the turn to have no cost, got ${actual.total}`,
            expected,
            actual: actual.total,
          }),
        ];
  }
  if (actual === undefined) {
    return [
      createFailure({
        path,
        message:
          "expected a cost, but the turn has none: give `loop.prices` for every model that answered (the scenario's model, and the status model)",
        expected,
        actual: 'absent',
      }),
    ];
  }
  return (['total', 'turn', 'statusLines'] as const).flatMap((part) =>
    checkCount({
      expected: expected[part],
      actual: actual[part],
      path: `${path}.${part}`,
      what:
        part === 'total'
          ? 'the turn cost'
          : part === 'turn'
            ? "the cost of the turn's requests"
            : 'the cost of the status lines',
    }),
  );
}

/** How many rounds of questions each call's server asked (its `tool-progress` events of kind `input`), by call id. */
function countInputRounds(events: readonly LoopEvent[]): ReadonlyMap<string, number> {
  const rounds = new Map<string, number>();
  for (const event of events) {
    if (event.type === 'tool-progress' && event.kind === 'input') {
      rounds.set(event.toolCallId, (rounds.get(event.toolCallId) ?? 0) + 1);
    }
  }
  return rounds;
}
