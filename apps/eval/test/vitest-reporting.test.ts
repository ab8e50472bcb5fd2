import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fixture = join(import.meta.dirname, 'fixtures', 'vitest');

/** What vitest's `json` reporter writes, as far as these tests read it. */
interface JsonReport {
  testResults: Array<{
    assertionResults: Array<{
      ancestorTitles: string[];
      title: string;
      status: string;
      failureMessages: string[];
    }>;
  }>;
}

/** What `fixtures/vitest/errors-reporter.ts` writes: each test's errors as vitest processed them. */
type ErrorsReport = Array<{
  name: string;
  state: string;
  errors: Array<{ name: string; message: string; expected?: string; actual?: string; diff?: string }>;
}>;

/** The path of vitest's command line script, from the vitest this package resolves. */
function resolveVitestBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('vitest/package.json');
  const manifest = require(manifestPath) as { bin: { vitest: string } };
  return join(dirname(manifestPath), manifest.bin.vitest);
}

/** Runs vitest on the fixture in a child process; resolves when it has exited. */
function runFixture(outputDirectory: string): Promise<{ exitCode: number | null; stderr: string }> {
  // The child is a vitest of its own, not a worker of this one.
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'FORCE_COLOR'),
  );
  const child = spawn(
    process.execPath,
    [
      resolveVitestBin(),
      'run',
      '--config',
      'vitest.config.ts',
      '--root',
      '.',
      '--reporter=json',
      `--outputFile=${join(outputDirectory, 'report.json')}`,
      '--reporter=./errors-reporter.ts',
    ],
    {
      cwd: fixture,
      env: { ...environment, NO_COLOR: '1', TOOLLOOP_ERRORS_FILE: join(outputDirectory, 'errors.json') },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => {
      resolve({ exitCode, stderr });
    });
  });
}

let outputDirectory: string;
let exitCode: number | null;
let report: JsonReport;
let errors: ErrorsReport;

beforeAll(async () => {
  outputDirectory = await mkdtemp(join(tmpdir(), 'toolloop-vitest-'));
  const run = await runFixture(outputDirectory);
  exitCode = run.exitCode;
  const read = async (name: string) =>
    JSON.parse(await readFile(join(outputDirectory, name), 'utf8')) as unknown;
  try {
    report = (await read('report.json')) as JsonReport;
    errors = (await read('errors.json')) as ErrorsReport;
  } catch (error) {
    throw new Error(`The fixture's vitest wrote no report. Its stderr:\n${run.stderr}`, { cause: error });
  }
}, 120_000);

afterAll(async () => {
  await rm(outputDirectory, { recursive: true, force: true });
});

/** The error messages of the test with this full name, as vitest processed them. */
function messagesOf(fullName: string): string[] {
  const test = errors.find((candidate) => candidate.name === fullName);
  if (test === undefined) throw new Error(`No test named '${fullName}' in the fixture's report.`);
  return test.errors.map((error) => error.message);
}

function errorOf(fullName: string): ErrorsReport[number]['errors'][number] {
  const [error] = errors.find((candidate) => candidate.name === fullName)?.errors ?? [];
  if (error === undefined) throw new Error(`The test '${fullName}' has no error in the fixture's report.`);
  return error;
}

describe('describeScenarios and the matchers in a vitest run', () => {
  it('report each scenario as a test under its file: passed, failed, or skipped for `skip: true`', () => {
    expect(exitCode).toBe(1);
    expect(
      report.testResults.flatMap((file) =>
        file.assertionResults.map(
          (test) => [...test.ancestorTitles, test.title].join(' > ') + ` (${test.status})`,
        ),
      ),
    ).toEqual([
      'scenarios > failing/refused-call-expected-to-run.yaml > refused call expected to run (failed)',
      'scenarios > failing/wrong-expectations.yaml > wrong expectations (failed)',
      'scenarios > invalid/typo.yaml (failed)',
      'scenarios > passing/plain.yaml > plain answer (passed)',
      'scenarios > passing/skipped.yaml > skipped one (skipped)',
      'no-such-directory/*.yaml > no-such-directory/*.yaml (failed)',
      'passing/plain.yaml > passing/plain.yaml (failed)',
      'stops with the reason the test expects (failed)',
      'makes the tool calls the test expects (failed)',
    ]);
  });

  it('fail a scenario with the field path in the message and the values the command line diffs', () => {
    const name = 'scenarios > failing/refused-call-expected-to-run.yaml > refused call expected to run';

    expect(failureMessageOf(name)).toBe(
      "ScenarioAssertionError: failing/refused-call-expected-to-run.yaml turns[0].expect.toolCalls.calls[1]: expected tool call #2 'add_note' to run",
    );
    expect(JSON.parse(jsonOf(errorOf(name).expected))).toEqual([
      { executed: true, name: 'add_note' },
      { executed: true, name: 'add_note' },
    ]);
    expect(JSON.parse(jsonOf(errorOf(name).actual))).toEqual([
      { executed: true, input: { n: 1 }, isError: false, name: 'add_note', result: 'added' },
      {
        executed: false,
        input: { n: 2 },
        isError: true,
        name: 'add_note',
        result:
          'Not executed: only the first tool call of a response runs (at most 1 per response). Call it again in your next response if you still need it.',
      },
    ]);
    expect(errorOf(name).diff).toContain('-     "executed": true,\n+     "executed": false,');
  });

  it('key expected and actual by field path when a scenario fails several expectations', () => {
    const name = 'scenarios > failing/wrong-expectations.yaml > wrong expectations';

    expect(messagesOf(name)).toEqual([
      [
        '2 expectations failed:',
        'failing/wrong-expectations.yaml turns[0].expect.rounds: expected rounds to be 2, got 0',
        'failing/wrong-expectations.yaml turns[0].expect.text.contains: expected the answer to contain "Goodbye"',
      ].join('\n'),
    ]);
    expect(errorOf(name).diff).toBe(
      [
        '- Expected',
        '+ Received',
        '',
        '  {',
        '-   "turns[0].expect.rounds": 2,',
        '-   "turns[0].expect.text.contains": "Goodbye",',
        '+   "turns[0].expect.rounds": 0,',
        '+   "turns[0].expect.text.contains": "Hello there.",',
        '  }',
      ].join('\n'),
    );
  });

  it('fail an invalid scenario file as a test named after it, with file:line:column', () => {
    expect(failureMessageOf('scenarios > invalid/typo.yaml')).toBe(
      "ScenarioFileError: invalid/typo.yaml:7:7 turns[0].expect.stopReasn: Unknown field 'stopReasn'.",
    );
  });

  it('fail a path that matches no file, saying where the paths start', () => {
    expect(messagesOf('no-such-directory/*.yaml > no-such-directory/*.yaml')).toEqual([
      `no-such-directory/*.yaml (root): no scenario file matches this glob in the working directory, ${join(fixture, '..')}.`,
    ]);
  });

  it('fail a tag filter that selects no scenario', () => {
    expect(messagesOf('passing/plain.yaml > passing/plain.yaml')).toEqual([
      'No scenario in passing/plain.yaml has any of the tags no-such-tag.',
    ]);
  });

  it('fail the matchers with their message and a vitest diff', () => {
    expect(errorOf('stops with the reason the test expects')).toEqual({
      name: 'Error',
      message: "expected the loop to stop with 'max_rounds', it stopped with 'completed'",
      expected: 'max_rounds',
      actual: 'completed',
      diff: 'Expected: "max_rounds"\nReceived: "completed"',
    });
    expect(errorOf('makes the tool calls the test expects')).toMatchObject({
      message:
        'expected tool call #1 \'search\' to have at least the given input, got {"query":"refund"} (order: strict, args: partial)',
      diff: [
        '- Expected',
        '+ Received',
        '',
        '  [',
        '    {',
        '      "input": {',
        '-       "query": "shipping",',
        '+       "query": "refund",',
        '      },',
        '      "name": "search",',
        '    },',
        '  ]',
      ].join('\n'),
    });
  });
});

/** The first line of the JSON reporter's failure message (the stack follows it) for the test at this path. */
function failureMessageOf(path: string): string | undefined {
  const test = report.testResults
    .flatMap((file) => file.assertionResults)
    .find((candidate) => [...candidate.ancestorTitles, candidate.title].join(' > ') === path);
  return test?.failureMessages[0]?.split('\n    at ')[0];
}

/** vitest prints values in its own format (trailing commas); this makes them JSON again. */
function jsonOf(printed: string | undefined): string {
  return (printed ?? '').replace(/,(\s*[\]}])/g, '$1');
}
