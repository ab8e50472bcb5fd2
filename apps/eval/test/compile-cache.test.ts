import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockMcpBinPath } from '@toolloop/mock-mcp';
import { describe, expect, it } from 'vitest';

const toolloopEvalBin = join(import.meta.dirname, '../dist/bin/toolloop-eval.js');
const scenarioWorker = join(import.meta.dirname, '../dist/run/scenario-worker.js');
const fakeLlmBin = join(import.meta.dirname, '../../../packages/fake-llm/dist/bin/fake-llm.js');

/** Node 22.1 and later can keep the code they compile on disk; Node 20 cannot. */
const nodeHasCompileCache =
  typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/**
 * The files Node's compile cache holds once `start`'s process has exited, started with its temporary directory
 * at a new, empty directory, no compile cache setting of the caller's, and `env` added.
 */
async function compileCacheFilesAfter(
  start: (env: NodeJS.ProcessEnv) => ChildProcess,
  env: NodeJS.ProcessEnv = {},
): Promise<string[]> {
  const temporary = await mkdtemp(join(tmpdir(), 'toolloop-compile-cache-'));
  try {
    const {
      NODE_COMPILE_CACHE: _directory,
      NODE_DISABLE_COMPILE_CACHE: _disabled,
      ...inherited
    } = process.env;
    const child = start({ ...inherited, TMPDIR: temporary, ...env });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    const cache = join(temporary, 'node-compile-cache');
    return (await readdir(cache, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

const nodeSays = `${process.version}: ${nodeHasCompileCache ? 'it can' : 'it cannot'}`;

describe(`what each command keeps compiled on disk for its next start, where Node can (${nodeSays})`, () => {
  it.each([
    ['toolloop-eval --version', toolloopEvalBin, ['--version'], 10],
    ['mock-mcp --help', mockMcpBinPath, ['--help'], 100],
    ['fake-llm --help', fakeLlmBin, ['--help'], 100],
  ])('%s', async (_name, bin, args, atLeast) => {
    const files = await compileCacheFilesAfter((env) =>
      spawn(process.execPath, [bin, ...args], { env, stdio: 'ignore' }),
    );

    if (nodeHasCompileCache) expect(files.length).toBeGreaterThan(atLeast);
    else expect(files).toEqual([]);
  });

  it('a worker process of `run --workers`, which loads the whole runner', async () => {
    const files = await compileCacheFilesAfter((env) => {
      const worker = fork(scenarioWorker, [], {
        serialization: 'advanced',
        execArgv: [],
        env,
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      // Told to close once it is up (its answer to a load says so), it ends with exit code 0.
      worker.send({
        type: 'init',
        settings: {
          cwd: import.meta.dirname,
          redaction: {},
          repeat: 1,
          minPassRate: 1,
          bail: false,
          concurrency: 1,
        },
      });
      worker.send({ type: 'load', files: [], defaults: {} });
      worker.once('message', () => worker.send({ type: 'close' }));
      return worker;
    });

    if (nodeHasCompileCache) expect(files.length).toBeGreaterThan(500);
    else expect(files).toEqual([]);
  });

  it('keeps nothing when NODE_DISABLE_COMPILE_CACHE=1 says not to', async () => {
    const files = await compileCacheFilesAfter(
      (env) => spawn(process.execPath, [toolloopEvalBin, '--version'], { env, stdio: 'ignore' }),
      { NODE_DISABLE_COMPILE_CACHE: '1' },
    );

    expect(files).toEqual([]);
  });
});
