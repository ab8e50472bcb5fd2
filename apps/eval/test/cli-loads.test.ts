import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'dist', 'bin', 'toolloop-eval.js');
const scenario = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'scenarios',
  'judges',
  'judge-scripted-pass.yaml',
);
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-cli-loads-'));
  // A module hook that writes down every module the process loads.
  await writeFile(
    join(directory, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(join(directory, 'loaded.txt'))}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  // The hook sees what is imported; what require() loads (an ES module too, since Node 20.19) is read from
  // require's cache as the process exits.
  await writeFile(
    join(directory, 'register.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      "import { createRequire, register } from 'node:module';",
      "import { pathToFileURL } from 'node:url';",
      `register(${JSON.stringify(pathToFileURL(join(directory, 'hooks.mjs')).href)});`,
      'const require = createRequire(import.meta.url);',
      "process.once('exit', () => {",
      `  appendFileSync(${JSON.stringify(join(directory, 'loaded.txt'))}, Object.keys(require.cache).map((file) => pathToFileURL(file).href + '\\n').join(''));`,
      '});',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The modules `toolloop-eval <args>` loaded, as file URLs. */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  return modulesLoadedByNode([bin, ...args]);
}

/** The modules `node <args>` loaded, imported or required, as file URLs. */
async function modulesLoadedByNode(args: string[]): Promise<string[]> {
  await writeFile(join(directory, 'loaded.txt'), '');
  await run(process.execPath, ['--import', join(directory, 'register.mjs'), ...args], {
    cwd: join(import.meta.dirname, '..'),
  });
  return (await readFile(join(directory, 'loaded.txt'), 'utf8')).split('\n').filter(Boolean);
}

const isMsw = (url: string) => /\/node_modules\/(\.pnpm\/)?msw[@/]/u.test(url);

describe('what the command line loads', () => {
  it('sees msw where the fake LLM loads it, for listen(): what the checks below look for can be seen', async () => {
    const loaded = await modulesLoadedByNode([
      '--input-type=module',
      '--eval',
      "const { createFakeLlm } = await import('@toolloop/fake-llm'); const fake = createFakeLlm(); fake.listen(); await fake.close();",
    ]);

    expect(loaded.some(isMsw)).toBe(true);
  });

  it('loads neither zod nor more of core than its errors for --version and --help', async () => {
    for (const flag of ['--version', '--help']) {
      const loaded = await modulesLoadedBy([flag]);

      expect(
        loaded.filter((url) => /\/zod[@/]|\/core\/dist\/(loop\/(?!stop-reason\.js)|session\/)/u.test(url)),
      ).toEqual([]);
    }
  });

  it('runs a scenario without loading msw: the fake LLM loads it only for its msw handlers and listen()', async () => {
    const loaded = await modulesLoadedBy(['run', scenario]);

    expect(loaded.some((url) => url.includes('/fake-llm/'))).toBe(true);
    expect(loaded.filter(isMsw)).toEqual([]);
  });

  it.each([['list'], ['validate']])(
    '%s reads scenario files without loading the loop, the session manager, an MCP server, the reporters or the TypeScript loader',
    async (command) => {
      const loaded = await modulesLoadedBy([command, scenario]);

      expect(loaded.some((url) => url.includes('/scenario/load-scenario-file.js'))).toBe(true);
      expect(
        loaded.filter((url) =>
          /\/(run-tool-loop|session-manager|create-mock-mcp-server|reporters)\.js$|\/report\/(html|junit|json)\/|\/sdk\/dist\/esm\/(server|client)\/|@modelcontextprotocol\+server|@hono|\/jiti[@/]/u.test(
            url,
          ),
        ),
      ).toEqual([]);
    },
  );
});
