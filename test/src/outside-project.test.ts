import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsideEnvironment } from './packaging/create-outside-environment.js';
import { extractLoopExample } from './packaging/extract-loop-example.js';
import { findPackingProblems } from './packaging/find-packing-problems.js';
import { listPublishablePackages } from './packaging/list-publishable-packages.js';
import { describeResult, runCommand, type CommandResult } from './packaging/run-command.js';

// The packages as a user gets them: packed with `pnpm pack`, installed with npm into a new project outside the
// workspace (no workspace link, no source condition, no hoisted dev dependency), and used there as the docs say.
// `pnpm test` builds every package first (turbo's ^build); run alone, this needs `pnpm build`.

const workspaceRoot = join(import.meta.dirname, '..', '..');
const packages = await listPublishablePackages(workspaceRoot);
const environment = createOutsideEnvironment();

let temporaryDirectory = '';
let project = '';
const unpacked = new Map<string, string>();
let init: CommandResult;

/** The version of a registry package that a workspace package installed, so the outside project tests that one. */
async function installedVersion({ name, from }: { name: string; from: string }): Promise<string> {
  const manifest = await readFile(join(workspaceRoot, from, 'node_modules', name, 'package.json'), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}

function run(command: string, args: readonly string[], cwd = project): Promise<CommandResult> {
  return runCommand({ command, args, cwd, env: environment });
}

/** Runs a command that sets things up, and fails the suite with the command's output when it fails. */
async function setUp(command: string, args: readonly string[], cwd = project): Promise<CommandResult> {
  const result = await run(command, args, cwd);
  if (result.exitCode !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${describeResult(result)}`);
  return result;
}

beforeAll(async () => {
  temporaryDirectory = await mkdtemp(join(tmpdir(), 'toolloop-outside-project-'));
  const tarballs = join(temporaryDirectory, 'tarballs');
  for (const { name, directory } of packages) {
    if (!existsSync(join(directory, 'dist'))) throw new Error(`${name} is not built: run pnpm build first.`);
    await setUp('pnpm', ['pack', '--pack-destination', tarballs], directory);
  }
  const files = (await readdir(tarballs)).filter((file) => file.endsWith('.tgz'));
  for (const { name, manifest } of packages) {
    const file = `${name.replace(/^@/u, '').replace('/', '-')}-${manifest.version}.tgz`;
    if (!files.includes(file)) throw new Error(`pnpm pack wrote no ${file} (it wrote: ${files.join(', ')}).`);
    const into = join(temporaryDirectory, 'unpacked', name);
    await mkdir(into, { recursive: true });
    await setUp('tar', ['-xzf', join(tarballs, file), '-C', into], temporaryDirectory);
    unpacked.set(name, join(into, 'package'));
  }

  project = join(temporaryDirectory, 'project');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'outside-project', private: true, type: 'module' }, null, 2)}\n`,
  );
  const registryPackages = [
    ['vitest', 'test'],
    ['zod', 'test'],
    ['typescript', 'test'],
    ['@types/node', 'test'],
    // To run the README's TypeScript example on Node 20, with the loader the runner uses for agent modules.
    ['jiti', 'apps/eval'],
  ] as const;
  const versions = await Promise.all(
    registryPackages.map(async ([name, from]) => `${name}@${await installedVersion({ name, from })}`),
  );
  await setUp('npm', [
    'install',
    '--save-dev',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    ...files.map((file) => join(tarballs, file)),
    ...versions,
  ]);
  init = await run('npx', ['--no', 'toolloop-eval', 'init']);

  // What a user's project would hold besides: a type check setup, vitest tests, a scenario that must fail.
  await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify(typescriptConfig, null, 2)}\n`);
  await mkdir(join(project, 'test'));
  await writeFile(join(project, 'test', 'agent.test.ts'), agentTest);
  await writeFile(join(project, 'test', 'failing.test.ts'), failingTest);
  await mkdir(join(project, 'failing'));
  const roundCap = await readFile(join(project, 'evals', 'weather-round-cap.yaml'), 'utf8').catch(() => '');
  await writeFile(
    join(project, 'failing', 'expects-completed.yaml'),
    roundCap
      .replace('agent: ./weather-agent.ts', 'agent: ../evals/weather-agent.ts')
      .replace('stopReason: max_rounds', 'stopReason: completed'),
  );
}, 600_000);

afterAll(async () => {
  if (temporaryDirectory !== '') await rm(temporaryDirectory, { recursive: true, force: true });
});

describe('each publishable package, as pnpm pack packs it', () => {
  it.each(packages.map((source) => [source.name, source] as const))(
    '%s has its LICENSE, README, repository fields, versions, exports, bins and mapped sources',
    async (name, source) => {
      const problems = await findPackingProblems({
        workspaceRoot,
        source,
        unpacked: unpacked.get(name) ?? '',
      });

      expect(problems).toEqual([]);
    },
  );
});

// Each runs a command (a type check, a vitest run) that can take seconds on a busy machine.
describe(
  'a new project outside the workspace, with the tarballs installed by npm',
  { timeout: 120_000 },
  () => {
    it.each([['README.md'], ['packages/core/README.md']])(
      'runs the loop example of %s as it stands there',
      async (document) => {
        const markdown = await readFile(join(workspaceRoot, document), 'utf8');
        const file = `${document.replaceAll('/', '-')}.example.ts`;
        await writeFile(join(project, file), extractLoopExample({ markdown, document }));

        const result = await run('npx', ['--no', 'jiti', file]);

        expect(result.exitCode, describeResult(result)).toBe(0);
        expect(result.stdout).toMatch(/stopped: [a-z_]+ after \d+ round/u);
      },
    );

    it('imports every exports subpath of every package, ./internal ones included, each with its exports', async () => {
      const specifiers = packages.flatMap(({ name, manifest }) =>
        Object.keys(manifest.exports ?? {}).map((subpath) =>
          subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
        ),
      );
      const script = [
        `for (const specifier of ${JSON.stringify(specifiers)}) {`,
        "  const options = specifier.endsWith('.json') ? { with: { type: 'json' } } : undefined;",
        '  const entry = await import(specifier, options);',
        '  console.log(specifier, Object.keys(entry).length > 0);',
        '}',
      ].join('\n');

      const result = await run('node', ['--input-type=module', '--eval', script]);

      expect(result.exitCode, describeResult(result)).toBe(0);
      expect(result.stdout).toBe(specifiers.map((specifier) => `${specifier} true\n`).join(''));
      expect(specifiers).toContain('@toolloop/mock-mcp/internal');
    });

    it('npx toolloop-eval init writes the starter files, with nothing left to install', () => {
      expect(init.exitCode, describeResult(init)).toBe(0);
      expect(init.stdout).toContain('Wrote evals/weather-agent.ts');
      expect(init.stdout).toContain('Wrote .github/workflows/toolloop-eval.yml');
      expect(init.stdout).toMatch(/Next:\n {2}npx toolloop-eval run\n$/u);
    });

    it('npx toolloop-eval run passes the generated suite and reports the round cap it expects', async ({
      expect,
    }) => {
      const result = await run('npx', [
        '--no',
        'toolloop-eval',
        'run',
        '--reporter',
        'pretty',
        '--reporter',
        'junit',
        '--reporter',
        'json',
      ]);

      expect(result.exitCode, describeResult(result)).toBe(0);
      expect(result.stdout).toContain('2 passed, 0 failed, 0 skipped');
      const report = JSON.parse(await readFile(join(project, 'reports', 'report.json'), 'utf8')) as {
        scenarios: { turns: { stopReason: string }[] }[];
      };
      expect(report.scenarios.flatMap(({ turns }) => turns.map((turn) => turn.stopReason)).sort()).toEqual([
        'completed',
        'max_rounds',
      ]);
      expect(existsSync(join(project, 'reports', 'junit.xml'))).toBe(true);
    });

    it('type-checks the generated agent and config, and a vitest file with the matchers, against the published types', async ({
      expect,
    }) => {
      const result = await run('npx', ['--no', '--', 'tsc', '--project', 'tsconfig.json']);

      expect(result.exitCode, describeResult(result)).toBe(0);
    });

    it('vitest runs the scenarios with describeScenarios and the LoopResult matchers', async () => {
      const result = await run('npx', ['--no', 'vitest', 'run', 'test/agent.test.ts']);

      expect(result.exitCode, describeResult(result)).toBe(0);
      expect(result.stdout).toMatch(/Tests\s+3 passed \(3\)/u);
    });

    it('vitest fails a scenario whose expectation does not hold, with the field and the diff', async ({
      expect,
    }) => {
      const result = await run('npx', ['--no', 'vitest', 'run', 'test/failing.test.ts']);
      const output = result.stdout + result.stderr;

      expect(result.exitCode, describeResult(result)).toBe(1);
      expect(output).toContain(
        "turns[0].expect.stopReason: expected the turn to stop with 'completed', it stopped with 'max_rounds'",
      );
      expect(output).toContain('Expected: "completed"\nReceived: "max_rounds"');
    });

    it('brings no msw; the fake LLM over msw says what to install', async () => {
      const script = [
        "import { createFakeLlm } from '@toolloop/fake-llm';",
        'try { createFakeLlm().listen(); } catch (error) { console.log(error.message); }',
      ].join('\n');

      const result = await run('node', ['--input-type=module', '--eval', script]);

      expect(existsSync(join(project, 'node_modules', 'msw'))).toBe(false);
      expect(result.stdout, describeResult(result)).toBe(
        'fake.listen() needs msw, which is not installed: npm install --save-dev msw. (fake.serve() and fake.handle() work without it.)\n',
      );
    });
  },
);

const agentTest = `import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { describeScenarios, toolloopMatchers } from '@toolloop/eval/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

expect.extend(toolloopMatchers);

describeScenarios('../evals/');

const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Finds an order by its id',
  inputSchema: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => \`Order \${orderId}: shipped on Monday\`,
});

describe('the support assistant', () => {
  it('stops at its round cap and answers from what it found', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'lookup_order', input: { orderId: 'A-1' } }] },
      { text: 'A-1 shipped on Monday.' },
    ]);
    const result = await runToolLoop({ model, tools: [lookupOrder], prompt: 'Where is A-1?', maxRounds: 1 }).result;

    expect(result).toStopWith('max_rounds');
    expect(result).toHaveToolCalls([{ name: 'lookup_order', input: { orderId: 'A-1' } }]);
    expect(result).toHaveCalledTool('lookup_order', { orderId: 'A-1' });
    expect(result).not.toHaveCalledTool('refund_order');
  });
});
`;

const failingTest = `import { describeScenarios } from '@toolloop/eval/vitest';

describeScenarios('../failing/');
`;

const typescriptConfig = {
  compilerOptions: {
    target: 'ES2023',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['evals', 'test', 'toolloop.config.ts'],
};
