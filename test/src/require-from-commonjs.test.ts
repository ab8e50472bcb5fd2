import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsideEnvironment } from './packaging/create-outside-environment.js';
import { listPublishablePackages } from './packaging/list-publishable-packages.js';
import { describeResult, runCommand } from './packaging/run-command.js';

// A CommonJS project (what `npm init -y` makes) that links the built packages, as `npm link` would, and loads
// every entry of each with require() and with import(), on the Node.js that runs the tests (20 and 24 in CI).
// `pnpm test` builds every package first (turbo's ^build); run alone, this needs `pnpm build`.

const workspaceRoot = join(import.meta.dirname, '..', '..');
const packages = await listPublishablePackages(workspaceRoot);
const entries = packages.flatMap(({ name, manifest }) =>
  Object.keys(manifest.exports ?? {})
    .filter((subpath) => !subpath.endsWith('.json'))
    .map((subpath) => (subpath === '.' ? name : `${name}${subpath.slice(1)}`)),
);

/** What the child process found for one entry: the names each way of loading gave, or the error. */
interface Loaded {
  entry: string;
  required: string[] | { code: unknown; message: string };
  imported: string[];
}

const probe = `
const entries = ${JSON.stringify(entries)};
(async () => {
  const found = [];
  for (const entry of entries) {
    let required;
    try {
      required = Object.keys(require(entry)).sort();
    } catch (error) {
      required = { code: error.code, message: error.message };
    }
    found.push({ entry, required, imported: Object.keys(await import(entry)).sort() });
  }
  console.log(JSON.stringify(found));
})();
`;

let project = '';
let loaded: Loaded[] = [];

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'toolloop-commonjs-'));
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'commonjs-project', version: '1.0.0', main: 'index.js', type: 'commonjs' }, null, 2)}\n`,
  );
  await mkdir(join(project, 'node_modules', '@toolloop'), { recursive: true });
  for (const { name, directory } of packages) await symlink(directory, join(project, 'node_modules', name));
  await writeFile(join(project, 'probe.js'), probe);
  const result = await runCommand({
    command: process.execPath,
    args: ['probe.js'],
    cwd: project,
    env: createOutsideEnvironment(),
    timeoutMs: 120_000,
  });
  if (result.exitCode !== 0) throw new Error(`The probe failed: ${describeResult(result)}`);
  loaded = JSON.parse(result.stdout) as Loaded[];
}, 180_000);

afterAll(async () => {
  if (project !== '') await rm(project, { recursive: true, force: true });
});

/** The packages published as ES modules only: their `require` condition throws, saying how to load them. */
const asynchronous = ['@toolloop/fake-llm', '@toolloop/eval'];
const isAsynchronous = (entry: string) =>
  asynchronous.some((name) => entry === name || entry.startsWith(`${name}/`));

describe(`a CommonJS project on Node.js ${process.versions.node}`, () => {
  it('require() loads every entry of core, models, providers and mock-mcp, with the names import() gives', () => {
    const synchronous = loaded.filter(({ entry }) => !isAsynchronous(entry));

    expect(synchronous.map(({ entry }) => entry)).toEqual([
      '@toolloop/core',
      '@toolloop/core/testing',
      '@toolloop/core/mcp',
      '@toolloop/core/xml',
      '@toolloop/core/session',
      // `pg` is loaded only when a store connects with a connection string.
      '@toolloop/core/session/postgres',
      // Internal to the toolloop packages, but loadable like the rest: the eval imports it.
      '@toolloop/core/internal',
      '@toolloop/core/internal/session',
      '@toolloop/mock-mcp',
      // Internal to the toolloop packages, but loadable like the rest: the eval imports it.
      '@toolloop/mock-mcp/internal',
      '@toolloop/models',
      '@toolloop/providers',
      '@toolloop/providers/anthropic',
      '@toolloop/providers/openai',
      '@toolloop/providers/ollama',
      '@toolloop/providers/gemini',
      '@toolloop/providers/bedrock',
    ]);
    expect(synchronous.filter(({ required, imported }) => !isSameNames(required, imported))).toEqual([]);
  });

  it('require() of fake-llm and eval fails saying they are ES modules only, and how to load them', () => {
    const refused = loaded.filter(({ entry }) => isAsynchronous(entry));

    expect(refused.map(({ entry, required }) => ({ entry, required }))).toEqual(
      ['@toolloop/fake-llm', '@toolloop/eval', '@toolloop/eval/vitest'].map((entry) => ({
        entry,
        required: {
          code: 'ERR_REQUIRE_ESM',
          message:
            `${entry.split('/').slice(0, 2).join('/')} is an ES module only: require() does not load it. Load ` +
            'it with `await import()`, or write the file that uses it as an ES module: .mjs (.mts in TypeScript), ' +
            'or "type": "module" in package.json.',
        },
      })),
    );
  });
});

function isSameNames(required: Loaded['required'], imported: string[]): boolean {
  return Array.isArray(required) && required.join() === imported.join();
}
