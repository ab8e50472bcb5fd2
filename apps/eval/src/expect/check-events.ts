import type { LoopEvent } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';
import type { Expectation } from '../scenario/expectation-schema.js';
import { createFailure } from './create-failure.js';

type EventListExpectation = NonNullable<Expectation['errors'] | Expectation['warnings']>;
type ExpectedEvent = { code: string; tool?: string; contains?: string };
type SeenEvent = { code: string; tool?: string; message: string };

/**
 * `expect.errors` and `expect.warnings`: a list of events that must each appear, in any order (others may
 * appear too); `{ none: true }`, no such event at all; `{ exactly: [...] }`, these events and no others, in
 * this order. An event is matched by `code`, and by `tool` (errors) and a text its message `contains` when given.
 */
export function checkEvents({
  kind,
  expected,
  events,
  path,
}: {
  kind: 'error' | 'warning';
  expected: EventListExpectation | undefined;
  events: readonly LoopEvent[];
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const seen: SeenEvent[] = events.flatMap((event) => {
    if (event.type === 'error' && kind === 'error')
      return [
        {
          code: event.code,
          message: event.message,
          ...(event.toolName === undefined ? {} : { tool: event.toolName }),
        },
      ];
    if (event.type === 'warning' && kind === 'warning') return [{ code: event.code, message: event.message }];
    return [];
  });
  const fail = (at: string, message: string, expectedValue: unknown) => [
    createFailure({ path: at, message, expected: expectedValue, actual: seen }),
  ];
  if ('none' in expected) {
    return seen.length === 0
      ? []
      : fail(
          `${path}.none`,
          `expected no ${kind} event, got ${seen.length}: ${seen.map(describeSeen).join('; ')}`,
          [],
        );
  }
  if ('exactly' in expected) {
    const wanted = expected.exactly;
    for (const [index, event] of wanted.entries()) {
      const actual = seen[index];
      if (actual === undefined)
        return fail(
          `${path}.exactly[${index}]`,
          `expected ${kind} event #${index + 1} ${describeExpected(event)}, the turn had ${seen.length === 0 ? 'none' : `only ${seen.length}`}`,
          wanted,
        );
      if (!fits(event, actual))
        return fail(
          `${path}.exactly[${index}]`,
          `expected ${kind} event #${index + 1} ${describeExpected(event)}, got ${describeSeen(actual)}`,
          wanted,
        );
    }
    return seen.length === wanted.length
      ? []
      : fail(
          `${path}.exactly`,
          `expected ${wanted.length} ${kind} events, got ${seen.length}: ${seen.map(describeSeen).join('; ')}`,
          wanted,
        );
  }
  return expected.flatMap((event, index) =>
    seen.some((actual) => fits(event, actual))
      ? []
      : fail(
          `${path}[${index}]`,
          `expected ${kind === 'error' ? 'an' : 'a'} ${kind} event ${describeExpected(event)}`,
          event,
        ),
  );
}

function fits(expected: ExpectedEvent, actual: SeenEvent): boolean {
  return (
    expected.code === actual.code &&
    (expected.tool === undefined || expected.tool === actual.tool) &&
    (expected.contains === undefined || actual.message.includes(expected.contains))
  );
}

function describeExpected(event: ExpectedEvent): string {
  return `'${event.code}'${event.tool === undefined ? '' : ` for tool '${event.tool}'`}${event.contains === undefined ? '' : ` whose message contains "${event.contains}"`}`;
}

function describeSeen(event: SeenEvent): string {
  return `'${event.code}'${event.tool === undefined ? '' : ` (${event.tool})`}: ${event.message}`;
}
