import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

// Under test/, so that the generated agent resolves @toolloop/core and zod as an installed project would.
const outputDirectory = join(import.meta.dirname, 'output');
const writtenFiles = [
  'toolloop.config.ts',
  'evals/weather-agent.ts',
  'evals/weather-answers.yaml',
  'evals/weather-round-cap.yaml',
  '.github/workflows/toolloop-eval.yml',
];
const directories: string[] = [];

async function createDirectory(parent: string): Promise<string> {
  const directory = await mkdtemp(join(parent, 'init-'));
  directories.push(directory);
  return directory;
}

let directory: string;

beforeEach(async () => {
  directory = await createDirectory(outputDirectory);
});

afterEach(async () => {
  await Promise.all(directories.splice(0).map((path) => rm(path, { recursive: true, force: true })));
  process.exitCode = undefined;
});

async function readAll(root: string): Promise<string[]> {
  return Promise.all(writtenFiles.map((path) => readFile(join(root, path), 'utf8')));
}

describe('toolloop-eval init', () => {
  it('writes a config, an agent, two scenarios and a CI job, says so, and names the next command', async () => {
    const { stdout, stderr, exitCode } = await runCli(directory, 'init');

    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(writtenFiles.filter((path) => !existsSync(join(directory, path)))).toEqual([]);
    expect(stdout).toBe(
      [
        'Wrote toolloop.config.ts                   the runner config: scenarios in evals/, a JUnit report in reports/',
        'Wrote evals/weather-agent.ts               an example agent (defineAgent) with one local tool, get_weather',
        'Wrote evals/weather-answers.yaml           a scenario that passes: the tool runs, the agent answers',
        'Wrote evals/weather-round-cap.yaml         a scenario that expects the agent to stop at its round cap (max_rounds)',
        'Wrote .github/workflows/toolloop-eval.yml  a GitHub Actions job that runs the suite and uploads reports/junit.xml',
        '',
        'Next:',
        '  npx toolloop-eval run',
        '',
      ].join('\n'),
    );
  });

  it('the suite it writes runs: one scenario completes, the other passes by stopping at its round cap', async () => {
    await runCli(directory, 'init');

    // The config's reporters (pretty and junit) and a json report to read the stop reasons from.
    const run = await runCli(
      directory,
      'run',
      '--reporter',
      'pretty',
      '--reporter',
      'junit',
      '--reporter',
      'json',
    );

    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('2 passed, 0 failed, 0 skipped');
    const report = JSON.parse(await readFile(join(directory, 'reports', 'report.json'), 'utf8')) as {
      scenarios: { name: string; status: string; turns: { stopReason: string }[] }[];
    };
    expect(
      report.scenarios.map(({ name, status, turns }) => ({
        name,
        status,
        stops: turns.map((turn) => turn.stopReason),
      })),
    ).toEqual([
      { name: 'weather agent answers from its tool', status: 'passed', stops: ['completed'] },
      { name: 'weather agent stops at its round cap', status: 'passed', stops: ['max_rounds'] },
    ]);
    expect(await readFile(join(directory, 'reports', 'junit.xml'), 'utf8')).toContain(
      'tests="2" failures="0"',
    );
  });

  it('the cap scenario fails with a diff when the agent loses its round cap', async () => {
    await runCli(directory, 'init');
    const agentFile = join(directory, 'evals', 'weather-agent.ts');
    await writeFile(agentFile, (await readFile(agentFile, 'utf8')).replace('maxRounds: 2', 'maxRounds: 3'));

    const run = await runCli(directory, 'run', 'evals/weather-round-cap.yaml', '--reporter', 'pretty');

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('turns[0].expect.stopReason');
    expect(run.stdout).toContain('max_rounds');
  });

  it('run twice, overwrites nothing: every file stays as the user left it, and each is named as kept', async () => {
    await runCli(directory, 'init');
    const agentFile = join(directory, 'evals', 'weather-agent.ts');
    await writeFile(agentFile, '// my own agent\n');
    const before = await readAll(directory);

    const { stdout, exitCode } = await runCli(directory, 'init');

    expect(exitCode).toBe(0);
    expect(await readAll(directory)).toEqual(before);
    expect(await readFile(agentFile, 'utf8')).toBe('// my own agent\n');
    expect(stdout).toBe(
      [
        'Kept  toolloop.config.ts                   already there, not overwritten',
        'Kept  evals/weather-agent.ts               already there, not overwritten',
        'Kept  evals/weather-answers.yaml           already there, not overwritten',
        'Kept  evals/weather-round-cap.yaml         already there, not overwritten',
        'Kept  .github/workflows/toolloop-eval.yml  already there, not overwritten',
        'Nothing written: every file is already there.',
        '',
        'Next:',
        '  npx toolloop-eval run evals/',
        '',
      ].join('\n'),
    );
  });

  it('writes the files that are missing and keeps the ones there', async () => {
    await mkdir(join(directory, 'evals'));
    await writeFile(join(directory, 'evals', 'weather-answers.yaml'), 'name: mine\n');

    const { stdout } = await runCli(directory, 'init');

    expect(await readFile(join(directory, 'evals', 'weather-answers.yaml'), 'utf8')).toBe('name: mine\n');
    expect(existsSync(join(directory, 'evals', 'weather-round-cap.yaml'))).toBe(true);
    expect(stdout).toContain('Wrote evals/weather-round-cap.yaml');
    expect(stdout).toContain('Kept  evals/weather-answers.yaml           already there, not overwritten');
  });

  it('with a config of another name, writes no second config (it would take over) and names the new scenarios', async () => {
    await writeFile(join(directory, 'toolloop.config.json'), '{ "scenarios": ["scenarios/"] }\n');

    const { stdout } = await runCli(directory, 'init');

    expect(existsSync(join(directory, 'toolloop.config.ts'))).toBe(false);
    expect(stdout).toContain(
      'Kept  toolloop.config.ts                   not written: toolloop.config.json is already there',
    );
    expect(stdout).toContain('Next:\n  npx toolloop-eval run evals/\n');
  });

  it('--dir writes there (creating it), relative to the working directory, and the next commands start with cd', async () => {
    const { stdout, exitCode } = await runCli(directory, 'init', '--dir', 'my project');

    expect(exitCode).toBe(0);
    expect(existsSync(join(directory, 'my project', 'evals', 'weather-agent.ts'))).toBe(true);
    expect(stdout).toContain("Next:\n  cd 'my project'\n  npx toolloop-eval run\n");
  });

  it('names the packages to install when the project does not have them', async () => {
    const outside = await createDirectory(tmpdir());

    const { stdout } = await runCli(outside, 'init');

    expect(stdout).toContain(
      'Next:\n  npm install --save-dev @toolloop/eval @toolloop/core zod\n  npx toolloop-eval run\n',
    );
  });

  it('exits 2 and says where, when the directory cannot be written', async () => {
    await writeFile(join(directory, 'a-file'), '');

    const { stderr, exitCode } = await runCli(directory, 'init', '--dir', 'a-file');

    expect(exitCode).toBe(2);
    expect(stderr).toMatch(
      new RegExp(`^toolloop-eval init could not write into ${join(directory, 'a-file')}: .*(EEXIST|ENOTDIR)`),
    );
  });
});
