import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { createReporters } from '../src/report/reporters.js';
import { hasRecording, recordingDirectoryOf } from '../src/record/recording-directory.js';
import { runScenarios } from '../src/run/run-scenarios.js';

// A key that must never be written anywhere: the proxy adds it on the way out to the "API".
const plantedKey = 'sk-planted-0123456789abcdef-never-written';
const everything = join(
  import.meta.dirname,
  '../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

/**
 * A fake LLM served on a real port stands in for the real API (no API is reachable here): it answers the
 * live requests, and checks them as the API would.
 */
async function startApi(steps: LlmStep[]) {
  const fake = createFakeLlm({ steps });
  const { url } = await fake.serve();
  return { fake, url };
}

const wires = [
  { provider: 'anthropic', env: 'ANTHROPIC_API_KEY', base: (url: string) => url },
  { provider: 'openai', env: 'OPENAI_API_KEY', base: (url: string) => `${url}/v1` },
] as const;

async function writeSuite({ provider, system }: { provider: string; system: string }) {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-record-'));
  directories.push(directory);
  // The real MCP server, started through a wrapper that counts its starts.
  await writeFile(
    join(directory, 'everything.mjs'),
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(join(directory, 'starts.log'))}, 'started\\n');\nprocess.argv.push('stdio');\nawait import(${JSON.stringify(everything)});\n`,
  );
  await writeFile(join(directory, 'starts.log'), '');
  const scenario = join(directory, 'echo.yaml');
  await writeFile(
    scenario,
    [
      'name: echo through a real server',
      `provider: ${provider}`,
      `system: ${JSON.stringify(system)}`,
      'servers:',
      '  everything:',
      '    command: node',
      '    args: [everything.mjs]',
      'turns:',
      '  - user: Echo hello.',
      '    expect:',
      '      stopReason: completed',
      '      toolCalls: { order: subset, calls: [{ name: echo }] }',
      '      text: { contains: hello }',
      '',
    ].join('\n'),
  );
  return { directory, scenario };
}

const startsOf = async (directory: string) =>
  (await readFile(join(directory, 'starts.log'), 'utf8')).split('\n').filter(Boolean).length;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const apiSteps: LlmStep[] = [
  { toolCalls: [{ name: 'echo', input: { message: 'hello' } }] },
  { text: 'The server echoed: hello.' },
];

describe.each(wires)('record, replay, drift and update over $provider', ({ provider, env, base }) => {
  it('records a live run, replays it offline with no server, fails loudly on drift, and --update records again', async () => {
    const { directory, scenario } = await writeSuite({ provider, system: 'You are terse.' });
    const api = await startApi(apiSteps);
    const live = { baseURL: base(api.url), env: { [env]: plantedKey } };

    const recorded = await runScenarios({
      paths: ['echo.yaml'],
      cwd: directory,
      live: { ...live, record: true },
      reporters: createReporters(['json', 'junit', 'html']),
      outDir: 'reports',
      redaction: { headers: ['anthropic-version'] },
    });
    expect(recorded.report.scenarios[0]?.failures).toEqual([]);
    expect(recorded.exitCode).toBe(0);
    expect(await startsOf(directory)).toBe(1);
    // The API saw the key; nothing written has it.
    expect(api.fake.getScript().requests).toHaveLength(2);
    await api.fake.close();
    const written = await filesUnder(directory);
    expect(written.some((file) => file.startsWith(recordingDirectoryOf(scenario)))).toBe(true);
    for (const file of written) expect(await readFile(file, 'utf8'), file).not.toContain(plantedKey);

    // Replay: the API is gone and no key is given; the real server is not started.
    const replayed = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(replayed.report.scenarios[0]?.failures).toEqual([]);
    expect(replayed.exitCode).toBe(0);
    expect(replayed.report.scenarios[0]?.turns[0]?.toolCalls.map((call) => call.output)).toEqual(
      recorded.report.scenarios[0]?.turns[0]?.toolCalls.map((call) => call.output),
    );
    expect(await startsOf(directory)).toBe(1);

    // Drift: the agent's prompt changed; the replay fails with the two requests to compare.
    const text = await readFile(scenario, 'utf8');
    await writeFile(scenario, text.replace('You are terse.', 'You are verbose.'));
    const drifted = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(drifted.exitCode).toBe(1);
    const [drift] = drifted.report.scenarios[0]?.failures ?? [];
    expect(drift).toMatchObject({ path: 'turns[0]', kind: 'drift' });
    expect(drift?.message).toContain('model request 1 of the turn differs from the recording');
    expect(JSON.stringify(drift?.expected)).toContain('You are terse.');
    expect(JSON.stringify(drift?.actual)).toContain('You are verbose.');

    // --update records it again against the API, and the replay is green again.
    const apiAgain = await startApi(apiSteps);
    const updated = await runScenarios({
      paths: ['echo.yaml'],
      cwd: directory,
      update: { baseURL: base(apiAgain.url), env: { [env]: plantedKey } },
    });
    await apiAgain.fake.close();
    expect(updated.report.scenarios[0]?.failures).toEqual([]);
    expect(updated.exitCode).toBe(0);
    expect(await startsOf(directory)).toBe(2);
    const green = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(green.exitCode).toBe(0);
    expect(await startsOf(directory)).toBe(2);
    for (const file of await filesUnder(directory))
      expect(await readFile(file, 'utf8'), file).not.toContain(plantedKey);
  });
});

describe('record, replay, drift and update of a scenario that names wires', () => {
  const names = ['anthropic', 'openai-chat', 'openai-responses'] as const;
  // Each wire reads its own variables, as a live run of `wires` does: one base URL would not fit them all.
  const liveEnv = (url: string) => ({
    ANTHROPIC_API_KEY: plantedKey,
    ANTHROPIC_BASE_URL: url,
    OPENAI_API_KEY: plantedKey,
    OPENAI_BASE_URL: `${url}/v1`,
  });
  const outcomes = (scenarios: ReadonlyArray<{ name: string; status: string; source?: string }>) =>
    scenarios.map(({ name, status, source }) => [name, status, source]);

  it('records each wire in its own directory, replays each offline, and reports and updates a drift on one wire only', async () => {
    const { directory, scenario } = await writeSuite({ provider: 'anthropic', system: 'You are terse.' });
    const text = await readFile(scenario, 'utf8');
    await writeFile(scenario, text.replace('provider: anthropic', `wires: [${names.join(', ')}]`));
    // One API for the three wires, one scenario at a time: it answers each wire's two requests in turn.
    const api = await startApi([...apiSteps, ...apiSteps, ...apiSteps]);
    const recorded = await runScenarios({
      paths: ['echo.yaml'],
      cwd: directory,
      concurrency: 1,
      live: { env: liveEnv(api.url), record: true },
    });
    await api.fake.close();
    expect(outcomes(recorded.report.scenarios)).toEqual(
      names.map((wire) => [`echo through a real server [${wire}]`, 'passed', 'live']),
    );
    expect(api.fake.getScript().requests.map((request) => request.path)).toEqual([
      '/v1/messages',
      '/v1/messages',
      '/v1/chat/completions',
      '/v1/chat/completions',
      '/v1/responses',
      '/v1/responses',
    ]);
    const base = recordingDirectoryOf(scenario);
    expect((await readdir(base)).sort()).toEqual([...names]);
    for (const wire of names) {
      const index = JSON.parse(await readFile(join(base, wire, 'recording.json'), 'utf8')) as {
        scenario: string;
        provider: string;
      };
      expect([index.scenario, index.provider]).toEqual([`echo through a real server [${wire}]`, wire]);
    }
    for (const file of await filesUnder(directory))
      expect(await readFile(file, 'utf8'), file).not.toContain(plantedKey);

    const replayed = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(outcomes(replayed.report.scenarios)).toEqual(
      names.map((wire) => [`echo through a real server [${wire}]`, 'passed', 'recording']),
    );
    expect(await startsOf(directory)).toBe(3);

    // The chat completions recording goes stale: only that wire drifts.
    const stale = join(base, 'openai-chat/turn-1/model-1.request.json');
    await writeFile(stale, (await readFile(stale, 'utf8')).replace('You are terse.', 'You were terse.'));
    const untouched = await readFile(join(base, 'anthropic/turn-1/model-1.request.json'), 'utf8');
    const drifted = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(drifted.exitCode).toBe(1);
    expect(
      drifted.report.scenarios.map(({ name, failures }) => [name, failures.map((failure) => failure.kind)]),
    ).toEqual([
      ['echo through a real server [anthropic]', []],
      ['echo through a real server [openai-chat]', ['drift']],
      ['echo through a real server [openai-responses]', []],
    ]);

    // --update records that wire again, and only it.
    const apiAgain = await startApi(apiSteps);
    const updated = await runScenarios({
      paths: ['echo.yaml'],
      cwd: directory,
      update: { env: liveEnv(apiAgain.url) },
    });
    await apiAgain.fake.close();
    expect(updated.exitCode).toBe(0);
    expect(apiAgain.fake.getScript().requests.map((request) => request.path)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
    ]);
    expect(await readFile(stale, 'utf8')).toContain('You are terse.');
    expect(await readFile(join(base, 'anthropic/turn-1/model-1.request.json'), 'utf8')).toBe(untouched);
    const green = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(green.exitCode).toBe(0);

    // A recording of requests to another path (another endpoint, or a model named in the path): only that wire drifts.
    const moved = join(base, 'openai-responses/turn-1/model-1.request.json');
    await writeFile(moved, (await readFile(moved, 'utf8')).replace('"/responses"', '"/responses/compact"'));
    const elsewhere = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(
      elsewhere.report.scenarios.map(({ name, failures }) => [
        name,
        failures.map((failure) => failure.message),
      ]),
    ).toEqual([
      ['echo through a real server [anthropic]', []],
      ['echo through a real server [openai-chat]', []],
      [
        'echo through a real server [openai-responses]',
        [
          'model request 1 of the turn went to /responses; the recorded one went to /responses/compact (the agent changed its model or endpoint, or the recording is stale); re-record with --update',
        ],
      ],
    ]);
  });
});

describe('a live record of every wire', () => {
  it("records each wire's answer as it came (Gemini's SSE, Ollama's NDJSON, Bedrock's event stream over HTTP/2, signed again), no credential written, and replays every wire offline", async () => {
    const { directory } = await writeSuite({ provider: 'anthropic', system: 'x' });
    await writeFile(
      join(directory, 'hello.yaml'),
      'name: hello\nwires: all\nturns:\n  - user: Hi\n    expect:\n      text: { contains: Hello }\n',
    );
    const api = await startApi(Array.from({ length: 6 }, () => ({ text: 'Hello there.' })));
    const awsSecret = 'planted-aws-secret-access-key-0123';
    const env = {
      ANTHROPIC_API_KEY: plantedKey,
      ANTHROPIC_BASE_URL: api.url,
      OPENAI_API_KEY: plantedKey,
      OPENAI_BASE_URL: `${api.url}/v1`,
      GEMINI_API_KEY: plantedKey,
      GEMINI_BASE_URL: api.url,
      AWS_ACCESS_KEY_ID: 'AKIDPLANTEDRECORDTEST',
      AWS_SECRET_ACCESS_KEY: awsSecret,
      AWS_REGION: 'us-east-1',
      BEDROCK_BASE_URL: api.url,
      OLLAMA_HOST: api.url,
    };
    const recorded = await runScenarios({
      paths: ['hello.yaml'],
      cwd: directory,
      concurrency: 1,
      live: { env, record: true },
      reporters: createReporters(['json', 'junit', 'html']),
      outDir: 'reports',
    });
    await api.fake.close();

    expect(recorded.report.scenarios.map(({ name, status }) => [name, status])).toEqual(
      ['anthropic', 'bedrock', 'gemini', 'ollama', 'openai-chat', 'openai-responses'].map((wire) => [
        `hello [${wire}]`,
        'passed',
      ]),
    );
    // The API saw each wire's own path; Bedrock's was signed for it (the fake refuses an unsigned one).
    expect(api.fake.getScript().requests.map((request) => request.path)).toEqual([
      '/v1/messages',
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
      '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
      '/api/chat',
      '/v1/chat/completions',
      '/v1/responses',
    ]);
    const base = join(directory, 'hello.recording');
    const request = async (wire: string) =>
      JSON.parse(await readFile(join(base, wire, 'turn-1/model-1.request.json'), 'utf8')) as { path: string };
    expect((await request('gemini')).path).toBe(
      '/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse',
    );
    expect((await request('bedrock')).path).toBe(
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
    );
    const ndjson = await readFile(join(base, 'ollama/turn-1/model-1.response.ndjson'), 'utf8');
    expect(
      ndjson
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { done: boolean }).done),
    ).toContain(true);
    // An AWS event stream: frames, each starting with its own length, that fill the file exactly.
    const frames = await readFile(join(base, 'bedrock/turn-1/model-1.response.bin'));
    let offset = 0;
    while (offset < frames.length) offset += frames.readUInt32BE(offset);
    expect(offset).toBe(frames.length);
    expect(frames.includes('Hello there.')).toBe(true);
    // Nothing written, recordings and reports alike, holds a key or an AWS credential.
    expect((await filesUnder(directory)).some((file) => file.endsWith('report.json'))).toBe(true);
    for (const file of await filesUnder(directory)) {
      const bytes = await readFile(file);
      for (const secret of [plantedKey, awsSecret, 'AKIDPLANTEDRECORDTEST'])
        expect(bytes.includes(secret), file).toBe(false);
    }

    // Every wire replays offline, Ollama's NDJSON and Bedrock's event stream sent back as they were recorded.
    const replayed = await runScenarios({ paths: ['hello.yaml'], cwd: directory });
    expect(replayed.report.scenarios.map(({ name, status, source }) => [name, status, source])).toEqual(
      ['anthropic', 'bedrock', 'gemini', 'ollama', 'openai-chat', 'openai-responses'].map((wire) => [
        `hello [${wire}]`,
        'passed',
        'recording',
      ]),
    );
  });
});

describe('live runs', () => {
  it('--repeat 5 against an API that answers differently per run: 3 of 5, pass@k, not pass^k, flaky in every report', async () => {
    const { directory } = await writeSuite({ provider: 'anthropic', system: 'You are terse.' });
    // No server in this one: a plain question.
    await writeFile(
      join(directory, 'echo.yaml'),
      'name: says yes\nturns:\n  - user: Yes or no?\n    expect:\n      text: { contains: "yes" }\n',
    );
    const api = await startApi(['yes', 'no', 'yes', 'no', 'yes'].map((answer) => ({ text: answer })));
    const { report, exitCode } = await runScenarios({
      paths: ['echo.yaml'],
      cwd: directory,
      repeat: 5,
      concurrency: 1,
      live: { baseURL: api.url, env: { ANTHROPIC_API_KEY: plantedKey } },
      reporters: createReporters(['json', 'junit', 'html']),
      outDir: 'reports',
    });
    await api.fake.close();
    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.repeat).toEqual({
      runs: 5,
      passed: 3,
      passRate: 0.6,
      passAtK: true,
      passAllK: false,
      flaky: true,
      minPassRate: 1,
    });
    expect(report.scenarios[0]?.tokens?.input).toBeGreaterThan(0);
    const json = JSON.parse(await readFile(join(directory, 'reports/report.json'), 'utf8')) as {
      scenarios: Array<{ repeat: { flaky: boolean } }>;
    };
    expect(json.scenarios[0]?.repeat.flaky).toBe(true);
    const junit = await readFile(join(directory, 'reports/junit.xml'), 'utf8');
    expect(junit).toContain('<property name="flaky" value="true"/>');
    expect(junit).toContain('<property name="passAllK" value="false"/>');
    const html = await readFile(join(directory, 'reports/report.html'), 'utf8');
    expect(html).toContain('data-flaky="true"');
    for (const file of await filesUnder(directory))
      expect(await readFile(file, 'utf8'), file).not.toContain(plantedKey);
  });

  it('with --min-pass-rate 0.6, 3 of 5 passes; with 0.8 it fails', async () => {
    const { directory } = await writeSuite({ provider: 'anthropic', system: 'You are terse.' });
    await writeFile(
      join(directory, 'echo.yaml'),
      'name: says yes\nturns:\n  - user: Yes or no?\n    expect:\n      text: { contains: "yes" }\n',
    );
    const outcomes = [];
    for (const minPassRate of [0.6, 0.8]) {
      const api = await startApi(['yes', 'no', 'yes', 'no', 'yes'].map((answer) => ({ text: answer })));
      const { exitCode } = await runScenarios({
        paths: ['echo.yaml'],
        cwd: directory,
        repeat: 5,
        concurrency: 1,
        minPassRate,
        live: { baseURL: api.url, env: { ANTHROPIC_API_KEY: plantedKey } },
      });
      await api.fake.close();
      outcomes.push(exitCode);
    }
    expect(outcomes).toEqual([0, 1]);
  });

  it('--update records a scenario that has neither llm steps nor a recording, and leaves a scripted one alone', async () => {
    const { directory, scenario } = await writeSuite({ provider: 'anthropic', system: 'x' });
    await writeFile(
      join(directory, 'scripted.yaml'),
      'name: scripted\nturns:\n  - user: Hi\n    llm: [{ text: Hello }]\n    expect: { text: { contains: Hello } }\n',
    );
    const api = await startApi(apiSteps);
    const { exitCode } = await runScenarios({
      paths: ['echo.yaml', 'scripted.yaml'],
      cwd: directory,
      concurrency: 1,
      update: { baseURL: api.url, env: { ANTHROPIC_API_KEY: plantedKey } },
    });
    await api.fake.close();
    expect(exitCode).toBe(0);
    expect(api.fake.getScript().requests).toHaveLength(2);
    expect(await hasRecording(scenario)).toBe(true);
    expect(await hasRecording(join(directory, 'scripted.yaml'))).toBe(false);
  });

  it('refuses live with update: a live run replays nothing, so it would update nothing', async () => {
    const { directory } = await writeSuite({ provider: 'anthropic', system: 'x' });
    const live = { baseURL: 'http://127.0.0.1:9', env: { ANTHROPIC_API_KEY: plantedKey } };
    await expect(runScenarios({ paths: ['echo.yaml'], cwd: directory, live, update: live })).rejects.toThrow(
      "Invalid option 'update': it records again the scenarios whose replay drifted, and `live` replays nothing; record every scenario with `live: { record: true }`, or leave `live` out.",
    );
  });

  it('refuses to start without the key, naming the variable', async () => {
    const { directory } = await writeSuite({ provider: 'anthropic', system: 'x' });
    await expect(
      runScenarios({
        paths: ['echo.yaml'],
        cwd: directory,
        live: { baseURL: 'http://127.0.0.1:9', env: {} },
      }),
    ).rejects.toThrow(
      'A live run of an anthropic scenario needs the API key in ANTHROPIC_API_KEY; it is not set.',
    );
  });

  it('a scenario with neither llm steps nor a recording fails and says how to get one, never calling an API', async () => {
    const { directory } = await writeSuite({ provider: 'anthropic', system: 'x' });
    const { report, exitCode } = await runScenarios({ paths: ['echo.yaml'], cwd: directory });
    expect(exitCode).toBe(2);
    expect(report.scenarios[0]?.error?.message).toBe(
      'This scenario has no `llm` steps and no recording: run it live (--live), or record it (toolloop-eval record).',
    );
    expect(await startsOf(directory)).toBe(0);
  });
});
