import type { ScenarioFailure } from '../report/run-report.js';
import type { ElicitationRecord } from '../run/create-elicitation-answers.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { createFailure } from './create-failure.js';

/**
 * A turn's `elicit` answers against what its servers asked: a request the turn had no answer left for (the
 * server was told `cancel`), and answers no server asked for, are failures at `turns[i].elicit`.
 */
export function checkElicitAnswers({
  elicited,
  path,
}: {
  elicited: { records: readonly ElicitationRecord[]; unused: number };
  path: string;
}): ScenarioFailure[] {
  const unanswered = elicited.records.filter((record) => record.answer === undefined);
  const failures: ScenarioFailure[] = unanswered.map(({ request }) =>
    createFailure({
      path,
      message: `server '${request.serverName}' asked the user for input ("${request.message}") but the turn has no elicit answer left; it was told cancel`,
      expected: 'an elicit answer',
      actual: summarize(request),
    }),
  );
  if (elicited.unused > 0) {
    failures.push(
      createFailure({
        path,
        message: `${elicited.unused} elicit answer${elicited.unused === 1 ? ' was' : 's were'} not used: the servers asked ${elicited.records.length} time${elicited.records.length === 1 ? '' : 's'}`,
        expected: elicited.records.length + elicited.unused,
        actual: elicited.records.length,
      }),
    );
  }
  return failures;
}

/** `expect.elicitations`: the requests servers made, all of them, in order, each matching its expectation. */
export function checkElicitations({
  expected,
  actual,
  path,
}: {
  expected: Expectation['elicitations'];
  actual: readonly ElicitationRecord[];
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const summary = actual.map(({ request }) => summarize(request));
  const mismatch = expected.findIndex((expectation, index) => {
    const request = actual[index]?.request;
    if (request === undefined) return true;
    return (
      (expectation.server !== undefined && expectation.server !== request.serverName) ||
      (expectation.mode !== undefined && expectation.mode !== request.mode) ||
      (expectation.contains !== undefined && !request.message.includes(expectation.contains))
    );
  });
  if (mismatch !== -1) {
    return [
      createFailure({
        path: `${path}[${mismatch}]`,
        message:
          actual[mismatch] === undefined
            ? `expected elicitation #${mismatch + 1}, the servers asked only ${actual.length} time${actual.length === 1 ? '' : 's'}`
            : `elicitation #${mismatch + 1} differs from the expected one`,
        expected,
        actual: summary,
      }),
    ];
  }
  return actual.length === expected.length
    ? []
    : [
        createFailure({
          path,
          message: `expected ${expected.length} elicitation${expected.length === 1 ? '' : 's'}, the servers asked ${actual.length} time${actual.length === 1 ? '' : 's'}`,
          expected,
          actual: summary,
        }),
      ];
}

function summarize(request: ElicitationRecord['request']) {
  return { server: request.serverName, mode: request.mode, message: request.message };
}
