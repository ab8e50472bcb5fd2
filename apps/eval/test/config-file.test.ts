import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { findConfigFile } from '../src/config/find-config-file.js';

// Under test/, so that the agent written here resolves @toolloop/core and zod as a user's project would.
const outputDirectory = join(import.meta.dirname, 'output');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(outputDirectory, 'config-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
  process.exitCode = undefined;
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(directory, name)), { recursive: true });
    await writeFile(join(directory, name), text);
  }
}

const agent = [
  "import { defineTool } from '@toolloop/core';",
  "import { defineAgent } from '@toolloop/eval';",
  "import { z } from 'zod';",
  "const greet = defineTool({ name: 'greet', inputSchema: z.object({}), execute: () => 'hi' });",
  "export default defineAgent({ system: 'You greet.', tools: [greet] });",
].join('\n');

const scenario = [
  'name: greets',
  'turns:',
  '  - user: Hi',
  '    llm:',
  '      - toolCalls: [{ name: greet, input: {} }]',
  '      - text: Hello.',
  '    expect: { stopReason: completed, toolCalls: { calls: [{ name: greet, isError: false }] } }',
  '',
].join('\n');

const config = [
  "import { defineConfig } from '@toolloop/eval';",
  'export default defineConfig({',
  "  scenarios: ['evals/'],",
  "  agent: './agents/greeter.ts',",
  "  reporters: ['json'],",
  "  outDir: 'out',",
  '  concurrency: 1,',
  '});',
].join('\n');

interface JsonReport {
  summary: { total: number; passed: number };
  scenarios: Array<{ turns: Array<{ requests: Array<{ tools: string[]; system?: string }> }> }>;
}

describe('the config file', () => {
  it('found from a directory below it: its scenarios, default agent, reporters and out dir, relative to the file', async () => {
    await write({
      'toolloop.config.ts': config,
      'agents/greeter.ts': agent,
      'evals/greets.yaml': scenario,
      'deep/below/.keep': '',
    });

    const { exitCode } = await runCli(join(directory, 'deep', 'below'), 'run');

    expect(exitCode).toBe(0);
    const report = JSON.parse(await readFile(join(directory, 'out', 'report.json'), 'utf8')) as JsonReport;
    expect(report.summary).toMatchObject({ total: 1, passed: 1 });
    expect(report.scenarios[0]?.turns[0]?.requests[0]).toMatchObject({
      tools: ['greet'],
      system: 'You greet.',
    });
  });

  it('flags and paths on the command line override it', async () => {
    await write({ 'toolloop.config.ts': config, 'agents/greeter.ts': agent, 'evals/greets.yaml': scenario });
    await write({ 'other/plain.yaml': scenario.replace('name: greets', 'name: greets too') });

    const { exitCode } = await runCli(directory, 'run', 'other', '--reporter', 'junit', '--out-dir', 'junit');

    expect(exitCode).toBe(0);
    expect(await readFile(join(directory, 'junit', 'junit.xml'), 'utf8')).toContain('greets too');
    expect(existsSync(join(directory, 'out'))).toBe(false);
  });

  it('--config picks a file; in JSON an unknown key or a wrong type is invalid with line and column', async () => {
    await write({
      'settings/toolloop.config.json':
        '{\n  "agent": "../agents/greeter.ts",\n  "reportrs": ["json"],\n  "concurrency": 0\n}\n',
    });

    const { exitCode, stderr } = await runCli(directory, 'run', '--config', 'settings/toolloop.config.json');

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      [
        'Invalid scenario input:',
        "settings/toolloop.config.json:3:3 reportrs: Unknown field 'reportrs'.",
        'settings/toolloop.config.json:4:18 concurrency: Too small: expected number to be >0',
        '',
      ].join('\n'),
    );
  });

  it('in a TypeScript config the problems have field paths (a module has no positions)', async () => {
    await write({
      'toolloop.config.ts': "export default { reporters: ['pretty', 'xml'], outdir: 'x' };\n",
    });

    const { exitCode, stderr } = await runCli(directory, 'list');

    expect(exitCode).toBe(2);
    expect(stderr).toContain('toolloop.config.ts reporters[1]: Invalid option: expected one of');
    expect(stderr).toContain("toolloop.config.ts outdir: Unknown field 'outdir'.");
  });

  it('a config module that throws names its line', async () => {
    await write({ 'toolloop.config.ts': "const a = 1;\nthrow new Error('no config today');\n" });

    const { stderr } = await runCli(directory, 'validate');

    expect(stderr).toBe(
      'Invalid scenario input:\ntoolloop.config.ts:2 (root): the config file cannot be loaded: Error: no config today\n',
    );
  });

  it('--config naming no file is invalid input that says where it looked', async () => {
    const { exitCode, stderr } = await runCli(directory, 'run', '--config', 'nope.ts');

    expect(exitCode).toBe(2);
    expect(stderr).toContain(
      `nope.ts (root): no config file here (looked for ${join(directory, 'nope.ts')}).`,
    );
  });

  it('the nearest directory with a config file wins; each looks for .ts before .json', async () => {
    await write({
      'toolloop.config.json': '{}',
      'inner/toolloop.config.json': '{}',
      'inner/toolloop.config.ts': 'export default {};',
    });

    expect(await findConfigFile(join(directory, 'inner'))).toBe(
      join(directory, 'inner', 'toolloop.config.ts'),
    );
    expect(await findConfigFile(directory)).toBe(join(directory, 'toolloop.config.json'));
  });
});

describe("a config file's default agent and the host it runs", () => {
  const sessionAgent = [
    "import { defineAgent } from '@toolloop/eval';",
    "export default defineAgent({ session: { config: { system_prompt: 'You greet.' } } });",
  ].join('\n');
  const restarting = [
    'name: greets across a restart',
    'sessionStore: memory',
    'turns:',
    '  - user: Hi',
    '    llm: [{ text: Hello. }]',
    '  - user: Still there?',
    '    restart: true',
    '    llm: [{ text: Yes. }]',
    '    expect: { stopReason: completed, requests: { at: [{ index: 0, firstMessage: { role: user, contains: Hi } }] } }',
    '',
  ].join('\n');
  const withDefaultAgent = (agentFile: string) =>
    `export default { scenarios: ['evals/'], agent: '${agentFile}' };\n`;

  it('a scenario that runs the default session agent may restart its host and name its session store', async () => {
    await write({
      'toolloop.config.ts': withDefaultAgent('./agents/desk.ts'),
      'agents/desk.ts': sessionAgent,
      'evals/restart.yaml': restarting,
    });

    const { exitCode, stderr } = await runCli(directory, 'run');

    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
  });

  it('a default agent without a host makes restart and sessionStore invalid, at their fields', async () => {
    await write({
      'toolloop.config.ts': withDefaultAgent('./agents/greeter.ts'),
      'agents/greeter.ts': agent,
      'evals/restart.yaml': restarting,
    });

    const { exitCode, stderr } = await runCli(directory, 'run');

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      [
        'Invalid scenario input:',
        'evals/restart.yaml:2:15 sessionStore: only a session scenario (`session`, or a session agent) keeps its session in a store',
        'evals/restart.yaml:7:14 turns[1].restart: only a session scenario (`session`, or a session agent) has a host to restart',
        '',
      ].join('\n'),
    );
  });
});
