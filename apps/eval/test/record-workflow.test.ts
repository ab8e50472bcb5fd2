import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { mockMcpBinPath } from '@toolloop/mock-mcp';
import { afterEach, describe, expect, it } from 'vitest';

// The recorded-run workflow as a user meets it: the built command line, a project of scenarios, and a fake LLM
// served on a real port standing in for the live API (no API is reachable here).
const bin = join(import.meta.dirname, '../dist/bin/toolloop-eval.js');
const key = 'sk-workflow-planted-key-0123456789';

const directories: string[] = [];
const apis: Array<{ close: () => Promise<void> }> = [];
const running = new Set<ChildProcess>();
afterEach(async () => {
  // A run that did not end (a regression that hangs) is ended here, not left behind.
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

/** Runs the built `toolloop-eval` in `cwd` with no key and no API URL but those given, to its end. */
async function runBin({
  cwd,
  args,
  env = {},
}: {
  cwd: string;
  args: string[];
  env?: Record<string, string>;
}) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(ANTHROPIC|OPENAI|OLLAMA|GEMINI|BEDROCK|AWS)_/u.test(name),
    ),
  );
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...inherited, CI: 'true', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => void (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => void (stderr += String(chunk)));
  running.add(child);
  const [exitCode] = (await once(child, 'close')) as [number | null];
  running.delete(child);
  return { exitCode, stdout, stderr };
}

/** `toolloop-eval record <paths>` against an API that answers with `steps`, one scenario at a time. */
async function record({ cwd, paths, steps }: { cwd: string; paths: string[]; steps: LlmStep[] }) {
  const api = createFakeLlm({ steps });
  apis.push(api);
  const { url } = await api.serve();
  return runBin({
    cwd,
    args: ['record', ...paths, '--base-url', url, '--concurrency', '1'],
    env: { ANTHROPIC_API_KEY: key },
  });
}

const ticketSteps = (subject: string): LlmStep[] => [
  { toolCalls: [{ name: 'open_ticket', input: { subject } }] },
  { text: 'I opened a ticket for you.' },
];
const lookupSteps: LlmStep[] = [
  { toolCalls: [{ name: 'find_contact', input: { name: 'Ada' } }] },
  { text: 'Ada is at ada@example.com.' },
];

/**
 * A project as the README has it: scenarios/ holds two scenarios of an agent whose tool keeps state (it numbers
 * tickets), one of a mock MCP server started from its spec kept beside them (contacts.mcp.yaml), and the
 * recordings they get.
 */
async function writeProject(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-record-workflow-'));
  directories.push(directory);
  const scenarios = join(directory, 'scenarios');
  await mkdir(scenarios);
  await writeFile(
    join(scenarios, 'ticket-agent.ts'),
    [
      "import { defineTool } from '@toolloop/core';",
      "import { defineAgent } from '@toolloop/eval';",
      '',
      '// State kept in the module: each ticket gets the next number.',
      'let opened = 0;',
      'const openTicket = defineTool({',
      "  name: 'open_ticket',",
      "  inputSchema: { type: 'object', properties: { subject: { type: 'string' } }, required: ['subject'] },",
      '  execute: ({ subject }: { subject: string }) => {',
      '    opened += 1;',
      '    return `Ticket ${opened} opened: ${subject}.`;',
      '  },',
      '});',
      '',
      "export default defineAgent({ system: 'You open support tickets.', tools: [openTicket] });",
      '',
    ].join('\n'),
  );
  const ticketScenario = (name: string, user: string) =>
    [
      `name: ${name}`,
      'agent: ./ticket-agent.ts',
      'turns:',
      `  - user: ${user}`,
      '    expect:',
      '      stopReason: completed',
      '      toolCalls: { calls: [{ name: open_ticket }] }',
      '      text: { contains: ticket }',
      '',
    ].join('\n');
  await writeFile(join(scenarios, 'ticket.yaml'), ticketScenario('opens a ticket', 'My kettle is broken.'));
  await writeFile(
    join(scenarios, 'ticket-again.yaml'),
    ticketScenario('opens another ticket', 'My parcel is lost.'),
  );
  await writeFile(
    join(scenarios, 'contacts.mcp.yaml'),
    [
      'tools:',
      '  - name: find_contact',
      '    inputSchema: { type: object, properties: { name: { type: string } }, required: [name] }',
      '    responses:',
      '      - text: ada@example.com',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(scenarios, 'lookup.yaml'),
    [
      'name: looks a contact up',
      'servers:',
      '  contacts:',
      '    command: node',
      `    args: [${JSON.stringify(mockMcpBinPath)}, --spec, contacts.mcp.yaml]`,
      'turns:',
      "  - user: What is Ada's email address?",
      '    expect:',
      '      toolCalls: { calls: [{ name: find_contact, input: { name: Ada } }] }',
      '      text: { contains: ada@example.com }',
      '',
    ].join('\n'),
  );
  return directory;
}

async function filesUnder(directory: string): Promise<Record<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Object.fromEntries(
    await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8')] as const)),
  );
}

/** A URL where nothing listens: a port the system gave, then closed. */
async function unreachableUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}

describe('the recorded-run workflow, through the built command line', { timeout: 120_000 }, () => {
  it('record each scenario, then a plain `run` replays the directory that holds the recordings and the spec', async () => {
    const directory = await writeProject();
    for (const [file, steps] of [
      ['scenarios/lookup.yaml', lookupSteps],
      ['scenarios/ticket.yaml', ticketSteps('broken kettle')],
      ['scenarios/ticket-again.yaml', ticketSteps('lost parcel')],
    ] as const)
      expect(await record({ cwd: directory, paths: [file], steps })).toMatchObject({
        exitCode: 0,
        stderr: '',
      });

    // No key, no API: each recording is replayed, each of the agent's runs starting from a fresh module.
    const ran = await runBin({ cwd: directory, args: ['run'] });
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('3 passed, 0 failed, 0 skipped');
    expect(ran.exitCode).toBe(0);
    expect(await runBin({ cwd: directory, args: ['validate'] })).toMatchObject({
      exitCode: 0,
      stdout: '3 scenario files valid.\n',
    });
    for (const file of Object.values(await filesUnder(directory))) expect(file).not.toContain(key);
  });

  it('records each wire of a scenario that names wires on its own, and a plain run replays each, its agent afresh', async () => {
    const directory = await writeProject();
    const ticket = join(directory, 'scenarios/ticket.yaml');
    await writeFile(
      ticket,
      (await readFile(ticket, 'utf8')).replace(
        'agent: ./ticket-agent.ts',
        'agent: ./ticket-agent.ts\nwires: [anthropic, openai-chat]',
      ),
    );
    const api = createFakeLlm({ steps: [...ticketSteps('broken kettle'), ...ticketSteps('broken kettle')] });
    apis.push(api);
    const { url } = await api.serve();
    // Each wire reads its own variables: one --base-url would not fit both.
    const recorded = await runBin({
      cwd: directory,
      args: ['record', 'scenarios/ticket.yaml', '--concurrency', '1'],
      env: {
        ANTHROPIC_API_KEY: key,
        ANTHROPIC_BASE_URL: url,
        OPENAI_API_KEY: key,
        OPENAI_BASE_URL: `${url}/v1`,
      },
    });
    expect(recorded.stderr).toBe('');
    expect(recorded.stdout.split('\n').filter((line) => line.startsWith('Wrote'))).toEqual([
      'Wrote scenarios/ticket.recording/anthropic/    the recording of scenarios/ticket.yaml [anthropic]',
      'Wrote scenarios/ticket.recording/openai-chat/  the recording of scenarios/ticket.yaml [openai-chat]',
    ]);
    expect(recorded.exitCode).toBe(0);

    // Each wire's run numbers its ticket 1, live and replayed: each starts from the agent module loaded afresh.
    const ran = await runBin({ cwd: directory, args: ['run', 'scenarios/ticket.yaml'] });
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('2 passed, 0 failed, 0 skipped');
    expect(ran.exitCode).toBe(0);
    expect(await runBin({ cwd: directory, args: ['validate'] })).toMatchObject({
      exitCode: 0,
      stdout: '3 scenario files valid.\n',
    });
    for (const file of Object.values(await filesUnder(directory))) expect(file).not.toContain(key);
  });

  it('--update records again a scenario that drifted, whose tool keeps state, and the next plain run replays it', async () => {
    const directory = await writeProject();
    expect(
      (
        await record({
          cwd: directory,
          paths: ['scenarios/ticket.yaml'],
          steps: ticketSteps('broken kettle'),
        })
      ).exitCode,
    ).toBe(0);
    const agent = join(directory, 'scenarios/ticket-agent.ts');
    await writeFile(agent, (await readFile(agent, 'utf8')).replace('You open', 'You kindly open'));
    expect((await runBin({ cwd: directory, args: ['run', 'scenarios/ticket.yaml'] })).exitCode).toBe(1);

    const api = createFakeLlm({ steps: ticketSteps('broken kettle') });
    apis.push(api);
    const { url } = await api.serve();
    const updated = await runBin({
      cwd: directory,
      args: ['run', 'scenarios/ticket.yaml', '--update', '--base-url', url],
      env: { ANTHROPIC_API_KEY: key },
    });
    expect(updated.exitCode).toBe(0);

    const replayed = await runBin({ cwd: directory, args: ['run', 'scenarios/ticket.yaml'] });
    expect(replayed.stdout).toContain('1 passed');
    expect(replayed.exitCode).toBe(0);
  });

  it('record says which recordings it wrote', async () => {
    const directory = await writeProject();
    const recorded = await record({
      cwd: directory,
      paths: ['scenarios/'],
      steps: [...lookupSteps, ...ticketSteps('lost parcel'), ...ticketSteps('broken kettle')],
    });
    expect(recorded.exitCode).toBe(0);
    expect(recorded.stdout.split('\n').filter((line) => line.startsWith('Wrote'))).toEqual([
      'Wrote scenarios/lookup.recording/        the recording of scenarios/lookup.yaml',
      'Wrote scenarios/ticket-again.recording/  the recording of scenarios/ticket-again.yaml',
      'Wrote scenarios/ticket.recording/        the recording of scenarios/ticket.yaml',
    ]);
  });

  it('a live run that fails keeps the recording it would have replaced, says so, and the plain run still replays the directory', async () => {
    const directory = await writeProject();
    const steps = [...lookupSteps, ...ticketSteps('lost parcel'), ...ticketSteps('broken kettle')];
    expect((await record({ cwd: directory, paths: ['scenarios/'], steps })).exitCode).toBe(0);
    const before = await filesUnder(directory);

    const failed = await runBin({
      cwd: directory,
      args: ['record', 'scenarios/ticket.yaml', '--base-url', await unreachableUrl()],
      env: { ANTHROPIC_API_KEY: key },
    });
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout).toContain(
      'Kept  scenarios/ticket.recording/  the live run of scenarios/ticket.yaml failed; the recording is unchanged',
    );
    expect(await filesUnder(directory)).toEqual(before);
    const ran = await runBin({ cwd: directory, args: ['run'] });
    expect(ran.stdout).toContain('3 passed, 0 failed, 0 skipped');
    expect(ran.exitCode).toBe(0);
  });

  it('a FIFO in place of a recording file fails its scenario at once, naming the file (exit 2)', async () => {
    const directory = await writeProject();
    const steps = ticketSteps('broken kettle');
    expect((await record({ cwd: directory, paths: ['scenarios/ticket.yaml'], steps })).exitCode).toBe(0);
    const stream = join(directory, 'scenarios/ticket.recording/turn-1/model-1.response.sse');
    await rm(stream);
    execFileSync('mkfifo', [stream]);

    const ran = await runBin({ cwd: directory, args: ['run', 'scenarios/ticket.yaml'] });
    expect(ran.stdout).toContain(
      'scenarios/ticket.recording/turn-1/model-1.response.sse (root): not a regular file.',
    );
    expect(ran.exitCode).toBe(2);
  });

  it('a recording of a thinking turn made against the served fake LLM replays', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-record-thinking-'));
    directories.push(directory);
    await writeFile(
      join(directory, 'thinks.yaml'),
      [
        'name: thinks before it answers',
        'model: claude-haiku-4-5',
        'loop:',
        '  thinking: { budgetTokens: 2048 }',
        'servers:',
        '  data:',
        '    tools:',
        '      - name: analyze_data',
        '        inputSchema: { type: object, properties: { dataset: { type: string } }, required: [dataset] }',
        "        responses: [{ text: 'sales up 12%' }]",
        'turns:',
        '  - user: Analyze Q3.',
        '    expect:',
        '      stopReason: completed',
        '      toolCalls: { calls: [{ name: analyze_data }] }',
        '      text: { contains: Keep investing }',
        '',
      ].join('\n'),
    );
    const recorded = await record({
      cwd: directory,
      paths: ['thinks.yaml'],
      steps: [
        {
          thinking: 'I should look at the Q3 dataset first.',
          toolCalls: [{ name: 'analyze_data', input: { dataset: 'q3' } }],
        },
        { thinking: 'Sales grew.', text: 'Keep investing in Q3.' },
      ],
    });
    expect(recorded.exitCode).toBe(0);

    const replayed = await runBin({ cwd: directory, args: ['run', 'thinks.yaml'] });
    expect(replayed.stdout).toContain('1 passed');
    expect(replayed.exitCode).toBe(0);
  });
});
