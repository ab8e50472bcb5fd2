import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagesBody, postMessages } from '../../test/post-messages.js';
import { waitUntil } from '../../test/wait-until.js';
import { runFakeLlmCli } from './run-fake-llm-cli.js';

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'fake-llm-cli-'));
});
afterAll(() => rm(directory, { recursive: true }));

/** Collects what the CLI writes. */
function createOutput() {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text) };
}

describe('fake-llm CLI', () => {
  it('serves a YAML script, prints the URL, and exits 0 when interrupted', async () => {
    const path = join(directory, 'script.yaml');
    await writeFile(path, 'name: cli\nsteps:\n  - text: From the CLI.\n');
    const stdout = createOutput();
    const stderr = createOutput();
    const interrupted = new AbortController();
    const exitCode = runFakeLlmCli({ args: ['--script', path], stdout, stderr, signal: interrupted.signal });
    await waitUntil(() => stdout.lines.length > 0);
    const url = stdout.lines[0]?.trim() ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
    const message = await new Anthropic({ apiKey: 'test', baseURL: url }).messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'From the CLI.' }]);
    interrupted.abort();
    expect(await exitCode).toBe(0);
    expect(stderr.lines).toEqual([]);
  });

  it('serves a scenario file with provider: xml to the openai SDK as XML tool blocks', async () => {
    const path = join(directory, 'scenario.yaml');
    await writeFile(
      path,
      'name: xml scenario\nprovider: xml\nturns:\n  - user: Q\n    llm:\n' +
        '      - toolCalls: [{ name: search, input: { query: x } }]\n',
    );
    const stdout = createOutput();
    const interrupted = new AbortController();
    const exitCode = runFakeLlmCli({
      args: ['--script', path],
      stdout,
      stderr: createOutput(),
      signal: interrupted.signal,
    });
    await waitUntil(() => stdout.lines.length > 0);
    const client = new OpenAI({ apiKey: 'test', baseURL: `${stdout.lines[0]?.trim() ?? ''}/v1` });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Q' }],
    });
    expect(completion.choices[0]?.message.content).toBe(
      '<tool:search>\n<param:query>x</param:query>\n</tool:search>',
    );
    interrupted.abort();
    expect(await exitCode).toBe(0);
  });

  it('exits 1 and prints the violations when a client broke the protocol', async () => {
    const path = join(directory, 'short.json');
    await writeFile(path, JSON.stringify([]));
    const stdout = createOutput();
    const stderr = createOutput();
    const interrupted = new AbortController();
    const exitCode = runFakeLlmCli({ args: ['--script', path], stdout, stderr, signal: interrupted.signal });
    await waitUntil(() => stdout.lines.length > 0);
    const response = await postMessages({
      url: `${stdout.lines[0]?.trim() ?? ''}/v1/messages`,
      body: createMessagesBody(),
    });
    expect(response.status).toBe(500);
    interrupted.abort();
    expect(await exitCode).toBe(1);
    expect(JSON.parse(stderr.lines[0] ?? '')).toMatchObject({
      type: 'script-exhausted',
      scriptId: 'default',
    });
  });

  it('exits 2, naming the rules it has, when --relax names no rule of the fake', async () => {
    const path = join(directory, 'relax.json');
    await writeFile(path, JSON.stringify([{ text: 'Hi.' }]));
    const stderr = createOutput();
    const code = await runFakeLlmCli({
      args: ['--script', path, '--relax', 'messages/no-such-rule'],
      stdout: createOutput(),
      stderr,
      signal: AbortSignal.abort(),
    });
    expect(code).toBe(2);
    expect(stderr.lines.join('')).toContain(
      "strictness.relax names no rule of the fake: 'messages/no-such-rule'",
    );
  });

  it.each([
    [[], 'Missing --script.'],
    [['--script', 'x.json', '--port', 'abc'], 'Invalid --port abc.'],
    [['--nope'], "Unknown option '--nope'"],
    [['--script', '/nowhere/x.json'], 'Cannot read'],
  ])('exits 2 on bad input %j', async (args, message) => {
    const stderr = createOutput();
    const code = await runFakeLlmCli({ args, stdout: createOutput(), stderr, signal: AbortSignal.abort() });
    expect(code).toBe(2);
    expect(stderr.lines.join('')).toContain(message);
  });
});
