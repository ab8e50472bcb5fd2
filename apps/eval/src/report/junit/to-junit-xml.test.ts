import { describe, expect, it } from 'vitest';
import {
  buildRunReport,
  buildSampleRunReport,
  buildScenarioResult,
} from '../test-support/build-run-report.js';
import { parseXml, type XmlElement } from '../test-support/parse-xml.js';
import { toJunitXml } from './to-junit-xml.js';

/** Element names and attributes, without text: the document's structure. */
function toOutline(element: XmlElement): unknown {
  return {
    [element.name]: element.attributes,
    ...(element.children.length > 0 ? { children: element.children.map(toOutline) } : {}),
  };
}

function findTestCase(root: XmlElement, name: string): XmlElement {
  const testCase = root.children
    .flatMap((suite) => suite.children)
    .find((element) => element.attributes.name === name);
  if (!testCase) throw new Error(`No testcase named ${name}`);
  return testCase;
}

describe('toJunitXml', () => {
  it('writes a testsuite per file and a testcase per scenario, with totals', () => {
    expect(toOutline(parseXml(toJunitXml(buildSampleRunReport())))).toEqual({
      testsuites: {
        name: 'toolloop-eval',
        tests: '5',
        failures: '2',
        errors: '1',
        skipped: '1',
        time: '1.234',
      },
      children: [
        {
          testsuite: {
            name: 'scenarios/outline.yaml',
            tests: '2',
            failures: '0',
            errors: '0',
            skipped: '1',
            time: '0.012',
          },
          children: [
            {
              testcase: { classname: 'scenarios/outline.yaml', name: 'outline lookup', time: '0.012' },
              children: [{ properties: {}, children: [{ property: { name: 'tag', value: 'rounds' } }] }],
            },
            {
              testcase: { classname: 'scenarios/outline.yaml', name: 'skipped for now', time: '0.000' },
              children: [{ skipped: {} }],
            },
          ],
        },
        {
          testsuite: {
            name: 'scenarios/search.yaml',
            tests: '1',
            failures: '1',
            errors: '0',
            skipped: '0',
            time: '0.031',
          },
          children: [
            {
              testcase: {
                classname: 'scenarios/search.yaml',
                name: 'search <then> answer & "quote"',
                time: '0.031',
              },
              children: [
                {
                  failure: {
                    message: 'turns[0].expect.rounds: Expected 2 rounds, the turn made 1. (and 2 more)',
                    type: 'assertion',
                  },
                },
              ],
            },
          ],
        },
        {
          testsuite: {
            name: 'scenarios/crash.yaml',
            tests: '1',
            failures: '0',
            errors: '1',
            skipped: '0',
            time: '0.005',
          },
          children: [
            {
              testcase: { classname: 'scenarios/crash.yaml', name: 'server crash', time: '0.005' },
              children: [
                {
                  error: {
                    message: "Mock server 'courses' did not start: spawn ENOENT\\u0007",
                    type: 'runner',
                  },
                },
              ],
            },
          ],
        },
        {
          testsuite: {
            name: 'scenarios/flaky.yaml',
            tests: '1',
            failures: '1',
            errors: '0',
            skipped: '0',
            time: '0.250',
          },
          children: [
            {
              testcase: { classname: 'scenarios/flaky.yaml', name: 'sometimes slow', time: '0.250' },
              children: [
                {
                  properties: {},
                  children: [
                    { property: { name: 'runs', value: '5' } },
                    { property: { name: 'passedRuns', value: '3' } },
                    { property: { name: 'passRate', value: '0.6' } },
                    { property: { name: 'passAtK', value: 'true' } },
                    { property: { name: 'passAllK', value: 'false' } },
                    { property: { name: 'flaky', value: 'true' } },
                    { property: { name: 'inputTokens', value: '1200' } },
                    { property: { name: 'outputTokens', value: '340' } },
                    { property: { name: 'cost', value: '0.0123' } },
                  ],
                },
                {
                  failure: {
                    message:
                      'turns[0].expect.durationMs.max: The turn took 120 ms, more than the 100 ms allowed.',
                    type: 'assertion',
                  },
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('puts each failure with its path, expected and actual in the failure body', () => {
    const failure = findTestCase(
      parseXml(toJunitXml(buildSampleRunReport())),
      'search <then> answer & "quote"',
    ).children[0]!;

    expect(failure.text).toMatchInlineSnapshot(`
      "turns[0].expect.rounds: Expected 2 rounds, the turn made 1.
      expected: 2
      actual: 1

      turns[0].expect.text.equals: The answer differs.
      expected: "Course Y covers it.\\nSee lesson 2."
      actual: "Course <b>Y</b> & friends.\\nSee lesson 2."

      turns[0].expect.toolCalls.calls[0]: Tool call 0 differs.
      expected: {
        "input": {
          "query": "retrieval"
        },
        "name": "search_course_content"
      }
      actual: {
        "input": {
          "query": "retrieval & \\"generation\\""
        },
        "isError": true,
        "name": "search_course_content"
      }"
    `);
  });

  it('puts the stack of a runner error in the error body', () => {
    const error = findTestCase(parseXml(toJunitXml(buildSampleRunReport())), 'server crash').children[0]!;

    expect(error.text).toBe("Error: Mock server 'courses' did not start\n    at startServer (start.ts:1:1)");
  });

  it('escapes markup characters and makes control characters visible', () => {
    const name = `<tag attr='1'> & "quoted"\u0000\u001b[31m\ttab\nline`;
    const xml = toJunitXml(buildRunReport({ scenarios: [buildScenarioResult({ name })] }));

    expect(xml).toContain(
      'name="&lt;tag attr=&apos;1&apos;&gt; &amp; &quot;quoted&quot;\\u0000\\u001b[31m&#9;tab&#10;line"',
    );
    expect(findTestCase(parseXml(xml), `<tag attr='1'> & "quoted"\\u0000\\u001b[31m\ttab\nline`).name).toBe(
      'testcase',
    );
  });

  it('writes a passed scenario without tags as an empty testcase', () => {
    const xml = toJunitXml(buildRunReport({ scenarios: [buildScenarioResult()], durationMs: 12 }));

    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="toolloop-eval" tests="1" failures="0" errors="0" skipped="0" time="0.012">',
        '  <testsuite name="scenarios/outline.yaml" tests="1" failures="0" errors="0" skipped="0" time="0.012">',
        '    <testcase classname="scenarios/outline.yaml" name="outline lookup" time="0.012"/>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });
});
