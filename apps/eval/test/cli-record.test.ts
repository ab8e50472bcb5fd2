import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecording } from '../src/record/read-recording.js';
import { runCli } from './support/run-cli.js';

const directories: string[] = [];
const savedKey = process.env.ANTHROPIC_API_KEY;
afterEach(async () => {
  process.exitCode = undefined;
  if (savedKey === undefined) delete process.env.ANTHROPIC_API_KEY;
  else process.env.ANTHROPIC_API_KEY = savedKey;
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

async function suite() {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-cli-record-'));
  directories.push(directory);
  await writeFile(
    join(directory, 'hello.yaml'),
    'name: hello\nturns:\n  - user: Hi\n    expect:\n      text: { contains: Hello }\n',
  );
  return directory;
}

describe('toolloop-eval record', () => {
  it('records from the API at --base-url with the key from the environment, and `run` then replays it offline', async () => {
    const directory = await suite();
    const api = createFakeLlm({ steps: [{ text: 'Hello there.' }] });
    const { url } = await api.serve();
    process.env.ANTHROPIC_API_KEY = 'sk-cli-planted-key-0000';
    const recorded = await runCli(directory, 'record', 'hello.yaml', '--base-url', url);
    await api.close();
    expect(recorded.stderr).toBe('');
    expect(recorded.exitCode).toBe(0);
    expect((await stat(join(directory, 'hello.recording/recording.json'))).isFile()).toBe(true);
    expect(await readFile(join(directory, 'hello.recording/turn-1/model-1.response.sse'), 'utf8')).toContain(
      'Hello there.',
    );

    delete process.env.ANTHROPIC_API_KEY;
    const replayed = await runCli(directory, 'run', 'hello.yaml');
    expect(replayed.exitCode).toBe(0);
    expect(replayed.stdout).toContain('1 passed');
  });

  it.each(['record', 'run --update'])(
    '%s --repeat 3 writes one complete recording from a run that passed, and leaves nothing half-written beside it',
    async (command) => {
      const directory = await suite();
      const api = createFakeLlm({ steps: [1, 2, 3].map((run) => ({ text: `Hello from run ${run}.` })) });
      const { url } = await api.serve();
      process.env.ANTHROPIC_API_KEY = 'sk-cli-planted-key-0000';
      // The three runs at once: each writes its recording while the others write theirs.
      const recorded = await runCli(
        directory,
        ...command.split(' '),
        'hello.yaml',
        '--repeat',
        '3',
        '--concurrency',
        '3',
        '--base-url',
        url,
      );
      await api.close();

      expect(recorded.stderr).toBe('');
      expect(recorded.exitCode).toBe(0);
      expect(recorded.stdout).toContain('Wrote hello.recording/  the recording of hello.yaml\n');
      expect((await readdir(directory)).sort()).toEqual(['hello.recording', 'hello.yaml']);
      expect((await readRecording(join(directory, 'hello.yaml'))).turns[0]?.models).toHaveLength(1);
      delete process.env.ANTHROPIC_API_KEY;
      const replayed = await runCli(directory, 'run', 'hello.yaml');
      expect(replayed.stdout).toContain('1 passed');
      expect(replayed.exitCode).toBe(0);
    },
  );

  it('a first live run that fails writes no recording, and says so', async () => {
    const directory = await suite();
    process.env.ANTHROPIC_API_KEY = 'sk-cli-planted-key-0000';
    // The API refuses every request (400: the provider does not try again).
    const api = createFakeLlm({ steps: Array.from({ length: 10 }, () => ({ error: { status: 400 } })) });
    const { url } = await api.serve();
    const recorded = await runCli(directory, 'record', 'hello.yaml', '--base-url', url);
    await api.close();

    expect(recorded.exitCode).toBe(1);
    expect(recorded.stdout).toContain('No recording written for hello.yaml: the live run failed\n');
    await expect(stat(join(directory, 'hello.recording'))).rejects.toThrow('ENOENT');
  });

  it('validate and run report a damaged recording as file, field and problem, exit 2, with no stack trace', async () => {
    const directory = await suite();
    const api = createFakeLlm({ steps: [{ text: 'Hello there.' }] });
    const { url } = await api.serve();
    process.env.ANTHROPIC_API_KEY = 'sk-cli-planted-key-0000';
    expect((await runCli(directory, 'record', 'hello.yaml', '--base-url', url)).exitCode).toBe(0);
    await api.close();
    delete process.env.ANTHROPIC_API_KEY;
    await writeFile(join(directory, 'hello.recording/turn-1/model-1.request.json'), '[]\n');
    const problem =
      'hello.recording/turn-1/model-1.request.json (root): expected an object with method, path, headers and body, not a list.';

    const validated = await runCli(directory, 'validate', '.');
    expect(validated).toMatchObject({ exitCode: 2, stderr: `Invalid scenario input:\n${problem}\n` });
    const ran = await runCli(directory, 'run', '.');
    expect(ran.exitCode).toBe(2);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain(problem);
    expect(ran.stdout).not.toContain('    at ');
  });

  it('records each wire of a scenario that names wires in its own directory, says so per wire, and validate checks each', async () => {
    const directory = await suite();
    await writeFile(
      join(directory, 'hello.yaml'),
      'name: hello\nwires: [anthropic, openai-chat]\nturns:\n  - user: Hi\n    expect:\n      text: { contains: Hello }\n',
    );
    const api = createFakeLlm({ steps: [{ text: 'Hello there.' }, { text: 'Hello again.' }] });
    const { url } = await api.serve();
    // Each wire reads its own variables.
    const variables = {
      ANTHROPIC_API_KEY: 'sk-cli-planted-key-0000',
      ANTHROPIC_BASE_URL: url,
      OPENAI_API_KEY: 'sk-cli-planted-key-0001',
      OPENAI_BASE_URL: `${url}/v1`,
    };
    for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
    const recorded = await runCli(directory, 'record', 'hello.yaml', '--concurrency', '1').finally(() => {
      vi.unstubAllEnvs();
    });
    await api.close();

    expect(recorded.stderr).toBe('');
    expect(recorded.exitCode).toBe(0);
    expect(recorded.stdout).toContain(
      'Wrote hello.recording/anthropic/    the recording of hello.yaml [anthropic]\n' +
        'Wrote hello.recording/openai-chat/  the recording of hello.yaml [openai-chat]\n',
    );
    expect((await readdir(join(directory, 'hello.recording'))).sort()).toEqual(['anthropic', 'openai-chat']);
    const replayed = await runCli(directory, 'run', 'hello.yaml');
    expect(replayed.stdout).toContain('2 passed');
    expect(replayed.exitCode).toBe(0);

    await writeFile(join(directory, 'hello.recording/openai-chat/turn-1/model-1.request.json'), '[]\n');
    expect(await runCli(directory, 'validate', '.')).toMatchObject({
      exitCode: 2,
      stderr:
        'Invalid scenario input:\nhello.recording/openai-chat/turn-1/model-1.request.json (root): expected an object with method, path, headers and body, not a list.\n',
    });
  });

  it('refuses --record without --live, and a live run without its key, as bad input (exit 2)', async () => {
    const directory = await suite();
    const withoutLive = await runCli(directory, 'run', 'hello.yaml', '--record');
    expect(withoutLive).toMatchObject({
      exitCode: 2,
      stderr: '--record records live runs: add --live, or use `toolloop-eval record`.\n',
    });
    delete process.env.ANTHROPIC_API_KEY;
    const withoutKey = await runCli(
      directory,
      'run',
      'hello.yaml',
      '--live',
      '--base-url',
      'http://127.0.0.1:9',
    );
    expect(withoutKey).toMatchObject({
      exitCode: 2,
      stderr: 'A live run of an anthropic scenario needs the API key in ANTHROPIC_API_KEY; it is not set.\n',
    });
  });

  it('refuses --update with --live, and record --update, saying why (exit 2): they would leave stale recordings', async () => {
    const directory = await suite();
    process.env.ANTHROPIC_API_KEY = 'sk-cli-planted-key-0000';
    const refusal =
      '--update records again, live, the scenarios whose replay drifted; --live replays nothing, so it would update nothing. ' +
      'Record every scenario live with `toolloop-eval record`, or drop --live.\n';
    for (const args of [
      ['run', 'hello.yaml', '--live', '--update', '--base-url', 'http://127.0.0.1:9'],
      ['record', 'hello.yaml', '--update', '--base-url', 'http://127.0.0.1:9'],
    ])
      expect(await runCli(directory, ...args)).toMatchObject({ exitCode: 2, stdout: '', stderr: refusal });
  });

  it('refuses a pass rate outside 0 to 1', async () => {
    const directory = await suite();
    const { exitCode, stderr } = await runCli(directory, 'run', '--min-pass-rate', '1.5');
    expect(exitCode).toBe(2);
    expect(stderr).toContain('expected a pass rate from 0 to 1, such as 0.8.');
  });
});
