import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:fs';
import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The built command line, as a user runs it: a signal reaches a real process.
const bin = join(import.meta.dirname, '../dist/bin/toolloop-eval.js');
const fixtures = join(import.meta.dirname, 'fixtures');

let directory: string;
let started: ChildProcess | undefined;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-interrupt-'));
});
afterEach(async () => {
  // A run the signal did not end is ended here, and a reader left waiting on a FIFO gets its end of file.
  if (started !== undefined && started.exitCode === null && started.signalCode === null)
    started.kill('SIGKILL');
  started = undefined;
  const writer = await open(join(directory, 'pipe'), constants.O_WRONLY | constants.O_NONBLOCK).catch(
    () => undefined,
  );
  await writer?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('toolloop-eval run, interrupted', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    it(`${signal} mid-run ends the run as the signal does (a shell's ${code}) and leaves no temporary report part behind`, async () => {
      const parts = join(directory, 'tmp');
      await import('node:fs/promises').then(({ mkdir }) => mkdir(parts));
      const child = spawn(
        process.execPath,
        [
          bin,
          'run',
          'interrupt',
          '--concurrency',
          '1',
          // json first: the runner awaits each reporter in turn, so the part is written before the line shows.
          '--reporter',
          'json',
          '--reporter',
          'pretty',
          '--out-dir',
          join(directory, 'out'),
        ],
        {
          cwd: fixtures,
          env: { ...process.env, TMPDIR: parts, CI: 'true' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = once(child, 'exit');
      // The first scenario's line: its result is in a part file, and the second scenario is waiting.
      let output = '';
      for await (const chunk of child.stdout) {
        output += String(chunk);
        if (output.includes('answers at once')) break;
      }
      expect(await readdir(parts)).toHaveLength(1);

      child.kill(signal);

      // The process ends as the signal ends it (the shell's code for it is 128 + its number), not with an
      // exit of its own, which would wait for every thread of the pool.
      expect(await exited).toEqual([null, signal]);
      expect(code).toBe(128 + (signal === 'SIGINT' ? 2 : 15));
      expect(await readdir(parts)).toEqual([]);
    });

  it('SIGTERM ends a run whose tool waits on a FIFO that no one writes', async () => {
    await writeBlockedSuite();
    const child = spawn(process.execPath, [bin, 'run', 'blocked.yaml'], {
      cwd: directory,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    started = child;
    const exited = once(child, 'exit');
    let output = '';
    for await (const chunk of child.stdout) {
      output += String(chunk);
      if (output.includes('reading the pipe')) break;
    }

    child.kill('SIGTERM');

    expect(await exited).toEqual([null, 'SIGTERM']);
  });

  it('SIGTERM ends the worker process whose tool waits on a FIFO too', async () => {
    // The tool connects here before it reads: the connection closes when its process ends.
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      await writeBlockedSuite({ port: (server.address() as AddressInfo).port });
      await writeFile(
        join(directory, 'quick.yaml'),
        'name: quick\nturns:\n  - user: Hi.\n    llm: [{ text: Hi. }]\n',
      );
      const connected = once(server, 'connection') as Promise<[Socket]>;
      const child = spawn(process.execPath, [bin, 'run', '.', '--workers', '2'], {
        cwd: directory,
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      started = child;
      const exited = once(child, 'exit');
      const [socket] = await connected;
      const workerEnded = once(socket, 'close');

      child.kill('SIGTERM');

      expect(await exited).toEqual([null, 'SIGTERM']);
      await workerEnded;
    } finally {
      server.close();
    }
  });
});

/**
 * blocked.yaml, whose agent's one tool reads `pipe`, a FIFO no one writes (after connecting to `port`, when
 * given), and says so on stdout once the read waits.
 */
async function writeBlockedSuite({ port }: { port?: number } = {}): Promise<void> {
  execFileSync('mkfifo', [join(directory, 'pipe')]);
  await writeFile(
    join(directory, 'pipe-agent.ts'),
    [
      "import { once } from 'node:events';",
      "import { readFile } from 'node:fs/promises';",
      "import { connect } from 'node:net';",
      "import { defineTool } from '@toolloop/core';",
      "import { defineAgent } from '@toolloop/eval';",
      '',
      'const readPipe = defineTool({',
      "  name: 'read_pipe',",
      "  inputSchema: { type: 'object', properties: {} },",
      '  execute: async () => {',
      port === undefined ? '' : `    await once(connect(${port}, '127.0.0.1'), 'connect');`,
      // The read waits in a thread of the pool, which nothing but a writer ends.
      `    const text = readFile(${JSON.stringify(join(directory, 'pipe'))}, 'utf8');`,
      "    console.log('reading the pipe');",
      '    return await text;',
      '  },',
      '});',
      '',
      "export default defineAgent({ system: 'You read pipes.', tools: [readPipe] });",
      '',
    ].join('\n'),
  );
  await writeFile(
    join(directory, 'blocked.yaml'),
    [
      'name: blocked on a pipe',
      'agent: ./pipe-agent.ts',
      'turns:',
      '  - user: Read the pipe.',
      '    llm:',
      '      - toolCalls: [{ name: read_pipe, input: {} }]',
      '      - text: Done.',
      '',
    ].join('\n'),
  );
}
