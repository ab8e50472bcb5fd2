import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '../dist/bin/toolloop-eval.js');

/** A module hook that writes each module's URL to stderr as it loads. */
const recordLoads = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module';
  register('data:text/javascript,' + encodeURIComponent(
    'export async function load(url, context, next) { process._rawDebug("loaded " + url); return next(url, context); }'
  ));
`)}`;

/** The modules the built bin loads to run `args`. */
async function modulesLoadedFor(...args: string[]): Promise<{ stdout: string; loaded: string[] }> {
  const child = spawn(process.execPath, ['--import', recordLoads, bin, ...args], {
    cwd: import.meta.dirname,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  await once(child, 'exit');
  const loaded = stderr.split('\n').flatMap((line) => (line.startsWith('loaded ') ? [line.slice(7)] : []));
  return { stdout, loaded };
}

describe('toolloop-eval, starting', () => {
  it('--version loads no part of the runner: not the scenario format, the fake LLM, the MCP SDK or the providers', async () => {
    const { stdout, loaded } = await modulesLoadedFor('--version');

    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(loaded).toContain(pathToFileURL(bin).href);
    const heavy = loaded.filter((url) =>
      /run-scenarios|load-scenario-file|fake-llm|mock-mcp|modelcontextprotocol|providers|\/zod\/|\/msw\//.test(
        url,
      ),
    );
    expect(heavy).toEqual([]);
  });

  it('--help loads no part of the runner either', async () => {
    const { stdout, loaded } = await modulesLoadedFor('--help');

    expect(stdout).toContain('Usage: toolloop-eval');
    expect(loaded.filter((url) => /run-scenarios|load-scenario-file|fake-llm|\/zod\//.test(url))).toEqual([]);
  });
});
