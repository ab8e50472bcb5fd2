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
  await writeFile(
    join(directory, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(directory, 'hooks.mjs')).href)});\n`,
  );
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The modules `toolloop-eval <args>` loaded, as file URLs. */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  await writeFile(join(directory, 'loaded.txt'), '');
  await run(process.execPath, ['--import', join(directory, 'register.mjs'), bin, ...args], {
    cwd: directory,
  });
  return (await readFile(join(directory, 'loaded.txt'), 'utf8')).split('\n').filter(Boolean);
}

describe('what the command line loads', () => {
  it('runs a scenario without loading msw: the fake LLM loads it only for its msw handlers and listen()', async () => {
    const loaded = await modulesLoadedBy(['run', scenario]);

    expect(loaded.some((url) => url.includes('/fake-llm/'))).toBe(true);
    expect(loaded.filter((url) => /\/node_modules\/(\.pnpm\/)?msw[@/]/u.test(url))).toEqual([]);
  });

  it.each([['list'], ['validate']])(
    '%s reads scenario files without loading the loop, the session manager or an MCP server',
    async (command) => {
      const loaded = await modulesLoadedBy([command, scenario]);

      expect(loaded.some((url) => url.includes('/scenario/load-scenario-file.js'))).toBe(true);
      expect(
        loaded.filter((url) =>
          /\/(run-tool-loop|session-manager|create-mock-mcp-server)\.js$|\/sdk\/dist\/esm\/(server|client)\/|@modelcontextprotocol\+server|@hono/u.test(
            url,
          ),
        ),
      ).toEqual([]);
    },
  );
});
