import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';

const bin = new URL('../src/with-test-postgres.ts', import.meta.url).pathname;
const packageFolder = new URL('..', import.meta.url).pathname;

/** Runs `with-test-postgres node -e <script>` (through jiti: Node 20 runs no TypeScript); its output and exit code. */
async function runWith(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { TOOLLOOP_EVAL_POSTGRES_URL: _given, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'jiti/register', bin, process.execPath, '-e', script], {
    cwd: packageFolder,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Whether something accepts connections on the loopback port. */
async function accepts(port: number): Promise<boolean> {
  const socket = connect({ host: '127.0.0.1', port });
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

describe('with-test-postgres', () => {
  it('runs the command with a database of its own server, gives back its exit code, and stops the server', async () => {
    const { code, stdout, stderr } = await runWith(
      'console.log(process.env.TOOLLOOP_EVAL_POSTGRES_URL); process.exit(3)',
    );

    expect(stderr).toBe('');
    expect(code).toBe(3);
    const url = new URL(stdout.trim());
    expect(url.pathname).toBe('/toolloop_eval');
    expect(await accepts(Number(url.port))).toBe(false);
  });

  it('keeps a database the environment already gives, and starts no server', async () => {
    const { code, stdout } = await runWith('console.log(process.env.TOOLLOOP_EVAL_POSTGRES_URL)', {
      TOOLLOOP_EVAL_POSTGRES_URL: 'postgres://someone@db.example:5432/evals',
    });

    expect(code).toBe(0);
    expect(stdout.trim()).toBe('postgres://someone@db.example:5432/evals');
  });

  it('ends by the signal that ended the command, so that its caller sees it', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'jiti/register', bin, process.execPath, '-e', "process.kill(process.pid, 'SIGTERM')"],
      { cwd: packageFolder, stdio: 'ignore' },
    );
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];

    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it("keeps the server up through a terminal's Ctrl+C until the command has ended", async () => {
    // The command, on SIGINT, still queries the database before it ends: what a runner cleaning up does.
    const script = `
      const pg = require('pg');
      const client = new pg.Client({ connectionString: process.env.TOOLLOOP_EVAL_POSTGRES_URL });
      client.connect().then(() => {
        process.on('SIGINT', async () => {
          console.log('SIGINT');
          const { rows } = await client.query('SELECT 41 + 1 AS answer');
          console.log('answer', rows[0].answer);
          await client.end();
          process.exit(0);
        });
        console.log('ready');
      });
    `;
    // A process group of its own, as a terminal gives a command: Ctrl+C signals the whole group.
    const child = spawn(
      process.execPath,
      ['--import', 'jiti/register', bin, process.execPath, '-e', script],
      {
        cwd: packageFolder,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('ready')) resolve();
      });
    });
    process.kill(-child.pid!, 'SIGINT');
    const [code] = (await once(child, 'close')) as [number | null];

    expect(stderr).toBe('');
    expect(stdout).toContain('answer 42');
    // One Ctrl+C, one SIGINT: the terminal signals the command's group, and the wrapper does not pass it on again.
    expect(stdout.match(/SIGINT/gu)).toEqual(['SIGINT']);
    expect(code).toBe(0);
  });

  it('passes a SIGTERM sent to it alone on to the command, and ends by it once the command has', async () => {
    const script =
      "process.once('SIGTERM', () => { console.log('SIGTERM'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000);";
    const child = spawn(
      process.execPath,
      ['--import', 'jiti/register', bin, process.execPath, '-e', script],
      {
        cwd: packageFolder,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('ready')) resolve();
      });
    });
    child.kill('SIGTERM');
    const [code] = (await once(child, 'close')) as [number | null];

    expect(stdout.match(/SIGTERM/gu)).toEqual(['SIGTERM']);
    expect(code).toBe(0);
  });

  it('says how to use it when given no command', async () => {
    const child = spawn(process.execPath, ['--import', 'jiti/register', bin], {
      cwd: packageFolder,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number | null];

    expect(code).toBe(2);
    expect(stderr).toBe('Usage: with-test-postgres <command> [args…]\n');
  });
});
