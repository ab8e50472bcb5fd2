import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
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

/** What `npm init -y` writes (npm 11 names the module type; an older npm leaves it out, which means the same). */
const commonJsManifest = `${JSON.stringify({ name: 'my-app', version: '1.0.0', main: 'index.js', type: 'commonjs' }, null, 2)}\n`;

/** The settings `tsc --init` writes (TypeScript 6) that decide whether a module compiles. */
const tscInitConfig = {
  compilerOptions: {
    module: 'nodenext',
    target: 'esnext',
    types: [],
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    strict: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    noUncheckedSideEffectImports: true,
    moduleDetection: 'force',
    skipLibCheck: true,
  },
};

const packageDirectory = join(import.meta.dirname, '..');
const typescriptCompiler = join(packageDirectory, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs a command to its end: its exit code and everything it printed. */
function runCommand({ command, args, cwd }: { command: string; args: string[]; cwd: string }) {
  return new Promise<{ exitCode: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      resolve({ exitCode, output });
    });
  });
}

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

  it('in a CommonJS project, writes the config and the agent as .mts files and says why', async () => {
    await writeFile(join(directory, 'package.json'), commonJsManifest);

    const { stdout, exitCode } = await runCli(directory, 'init');

    expect(exitCode).toBe(0);
    expect(stdout).toBe(
      [
        'Wrote toolloop.config.mts                  the runner config: scenarios in evals/, a JUnit report in reports/',
        'Wrote evals/weather-agent.mts              an example agent (defineAgent) with one local tool, get_weather',
        'Wrote evals/weather-answers.yaml           a scenario that passes: the tool runs, the agent answers',
        'Wrote evals/weather-round-cap.yaml         a scenario that expects the agent to stop at its round cap (max_rounds)',
        'Wrote .github/workflows/toolloop-eval.yml  a GitHub Actions job that runs the suite and uploads reports/junit.xml',
        '',
        'This project is CommonJS (no package.json here says "type": "module"): the config and the agent are .mts',
        'files, which are ES modules in any project, so they compile and run as they are.',
        '',
        'Next:',
        '  npx toolloop-eval run',
        '',
      ].join('\n'),
    );
  });

  it('in a CommonJS project, the suite it writes runs, and type-checks with the tsconfig.json of tsc --init', async () => {
    await writeFile(join(directory, 'package.json'), commonJsManifest);
    await writeFile(join(directory, 'tsconfig.json'), JSON.stringify(tscInitConfig, null, 2));
    // The project's own @toolloop/eval, as npm would install it; core and zod resolve from this package's.
    await mkdir(join(directory, 'node_modules', '@toolloop'), { recursive: true });
    await symlink(packageDirectory, join(directory, 'node_modules', '@toolloop', 'eval'));
    await runCli(directory, 'init');

    const run = await runCli(directory, 'run');
    const typeCheck = await runCommand({
      command: process.execPath,
      args: [typescriptCompiler, '--project', 'tsconfig.json', '--noEmit'],
      cwd: directory,
    });

    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('2 passed, 0 failed, 0 skipped');
    expect(existsSync(join(directory, 'reports', 'junit.xml'))).toBe(true);
    expect(typeCheck).toEqual({ exitCode: 0, output: '' });
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
