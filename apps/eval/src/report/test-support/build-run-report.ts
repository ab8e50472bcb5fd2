import type { ToolCallRecord } from '@toolloop/core';
import type { RunReport, ScenarioResult, TimelineEntry, TurnReport } from '../run-report.js';

/** A turn that completed with one tool call, overridable field by field. For reporter tests. */
export function buildTurnReport(overrides: Partial<TurnReport> = {}): TurnReport {
  return {
    user: 'What is in lesson 4 of course X?',
    stopReason: 'completed',
    rounds: 1,
    iterations: 2,
    toolCalls: [
      buildToolCallRecord({ toolCallId: 'call_1', name: 'get_course_outline', input: { course: 'X' } }),
    ],
    text: 'Lesson 4 covers retrieval-augmented generation.',
    thinking: '',
    usage: { inputTokens: 120, outputTokens: 40 },
    durationMs: 42,
    elicitations: [],
    timeline: [
      { atMs: 0, type: 'request', index: 0, tools: ['get_course_outline'] },
      {
        atMs: 5,
        type: 'tool-start',
        toolCallId: 'call_1',
        name: 'get_course_outline',
        input: { course: 'X' },
      },
      {
        atMs: 9,
        type: 'tool-result',
        toolCallId: 'call_1',
        name: 'get_course_outline',
        output: 'Lesson 4: Retrieval-augmented generation',
        isError: false,
        durationMs: 4,
      },
      { atMs: 10, type: 'request', index: 1, tools: ['get_course_outline'] },
      { atMs: 40, type: 'content', text: 'Lesson 4 covers retrieval-augmented generation.' },
      { atMs: 42, type: 'stop', stopReason: 'completed' },
    ],
    requests: [
      { index: 0, tools: ['get_course_outline'] },
      { index: 1, tools: ['get_course_outline'] },
    ],
    ...overrides,
  };
}

/** A tool call the loop ran, with a text result. */
export function buildToolCallRecord(
  overrides: Partial<ToolCallRecord> & Pick<ToolCallRecord, 'toolCallId' | 'name'>,
): ToolCallRecord {
  return {
    input: {},
    output: { content: [{ type: 'text', text: 'ok' }] },
    isError: false,
    executed: true,
    round: 0,
    durationMs: 4,
    ...overrides,
  };
}

/** A passed scenario with one turn, overridable field by field. */
export function buildScenarioResult(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    name: 'outline lookup',
    file: 'scenarios/outline.yaml',
    tags: [],
    status: 'passed',
    durationMs: 12,
    turns: [buildTurnReport()],
    failures: [],
    ...overrides,
  };
}

/** A run report over these scenarios, its summary counted from them. */
export function buildRunReport({
  scenarios,
  durationMs = 1234,
}: {
  scenarios: ScenarioResult[];
  durationMs?: number;
}): RunReport {
  const count = (status: ScenarioResult['status']) =>
    scenarios.filter((scenario) => scenario.status === status).length;
  return {
    summary: {
      total: scenarios.length,
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      durationMs,
      flaky: scenarios.filter((scenario) => scenario.repeat?.flaky === true).length,
    },
    scenarios,
  };
}

const searchTimeline: TimelineEntry[] = [
  { atMs: 0, type: 'request', index: 0, tools: ['search_course_content', 'get_course_outline'] },
  { atMs: 3, type: 'thinking', text: 'The user wants the course about <RAG>; search first.' },
  { atMs: 8, type: 'status', message: 'Searching course content…' },
  {
    atMs: 9,
    type: 'tool-start',
    toolCallId: 'call_1',
    name: 'search_course_content',
    input: { query: 'retrieval & "generation"' },
  },
  {
    atMs: 20,
    type: 'tool-result',
    toolCallId: 'call_1',
    name: 'search_course_content',
    output: 'No such index',
    isError: true,
    durationMs: 11,
  },
  {
    atMs: 21,
    type: 'error',
    code: 'tool_error',
    message: 'No such index',
    toolName: 'search_course_content',
  },
  { atMs: 22, type: 'request', index: 1, tools: [] },
  { atMs: 25, type: 'warning', code: 'max_rounds', message: 'Round cap reached; answering without tools.' },
  { atMs: 30, type: 'content', text: 'Course <b>Y</b> & friends.' },
  { atMs: 31, type: 'stop', stopReason: 'max_rounds' },
];

/**
 * A run with one scenario of each kind a reporter must show: passed, failed with assertion failures (a number,
 * a string and a JSON value), skipped, a runner error, and a flaky `--repeat` result (failed, as the runner
 * combines repeats). Values are fixed so
 * outputs can be compared literally.
 */
export function buildSampleRunReport(): RunReport {
  return buildRunReport({
    scenarios: [
      buildScenarioResult({ name: 'outline lookup', tags: ['rounds'] }),
      buildScenarioResult({
        name: 'search <then> answer & "quote"',
        file: 'scenarios/search.yaml',
        status: 'failed',
        durationMs: 31,
        turns: [
          buildTurnReport({
            user: 'Which course covers <RAG>?',
            stopReason: 'max_rounds',
            rounds: 1,
            iterations: 2,
            toolCalls: [
              buildToolCallRecord({
                toolCallId: 'call_1',
                name: 'search_course_content',
                input: { query: 'retrieval & "generation"' },
                output: { content: [{ type: 'text', text: 'No such index' }], isError: true },
                isError: true,
                durationMs: 11,
              }),
            ],
            text: 'Course <b>Y</b> & friends.',
            thinking: 'The user wants the course about <RAG>; search first.',
            durationMs: 31,
            timeline: searchTimeline,
            requests: [
              {
                index: 0,
                tools: ['search_course_content', 'get_course_outline'],
                toolChoice: { type: 'auto' },
                lastMessage: { role: 'user', text: 'Which course covers <RAG>?' },
              },
              { index: 1, tools: [], lastMessage: { role: 'tool', text: 'No such index' } },
            ],
          }),
        ],
        failures: [
          {
            path: 'turns[0].expect.rounds',
            message: 'Expected 2 rounds, the turn made 1.',
            expected: 2,
            actual: 1,
          },
          {
            path: 'turns[0].expect.text.equals',
            message: 'The answer differs.',
            expected: 'Course Y covers it.\nSee lesson 2.',
            actual: 'Course <b>Y</b> & friends.\nSee lesson 2.',
          },
          {
            path: 'turns[0].expect.toolCalls.calls[0]',
            message: 'Tool call 0 differs.',
            expected: { name: 'search_course_content', input: { query: 'retrieval' } },
            actual: {
              name: 'search_course_content',
              input: { query: 'retrieval & "generation"' },
              isError: true,
            },
          },
        ],
      }),
      buildScenarioResult({
        name: 'skipped for now',
        file: 'scenarios/outline.yaml',
        status: 'skipped',
        durationMs: 0,
        turns: [],
      }),
      buildScenarioResult({
        name: 'server crash',
        file: 'scenarios/crash.yaml',
        status: 'failed',
        durationMs: 5,
        turns: [],
        error: {
          message: "Mock server 'courses' did not start: spawn ENOENT\u0007",
          stack: "Error: Mock server 'courses' did not start\n    at startServer (start.ts:1:1)",
        },
      }),
      buildScenarioResult({
        name: 'sometimes slow',
        file: 'scenarios/flaky.yaml',
        // As the runner combines repeats: failed unless every run passed, showing the first failing run.
        status: 'failed',
        durationMs: 250,
        failures: [
          {
            path: 'turns[0].expect.durationMs.max',
            message: 'The turn took 120 ms, more than the 100 ms allowed.',
            expected: { max: 100 },
            actual: 120,
          },
        ],
        repeat: {
          runs: 5,
          passed: 3,
          passRate: 0.6,
          passAtK: true,
          passAllK: false,
          flaky: true,
          minPassRate: 1,
        },
        tokens: { input: 1200, output: 340 },
        cost: 0.0123,
      }),
    ],
  });
}
