import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../../test/text-of.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { mockMcpBinPath } from './mock-mcp-bin-path.js';
import { createMockStdioParameters } from './create-mock-stdio-parameters.js';
import { readMockCallRecord } from './read-mock-call-record.js';
import { mockCrashExitCode } from './run-mock-mcp-cli.js';

const examplePath = new URL('../../examples/course-materials.yaml', import.meta.url).pathname;
const crashSpec: MockServerSpecInput = {
  tools: [
    { name: 'boom', responses: [{ crash: true }] },
    { name: 'echo', responses: [{ text: 'hi' }] },
  ],
};

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-mcp-bin-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function connectToBin(
  parameters: Parameters<typeof createMockStdioParameters>[0],
): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({ ...createMockStdioParameters(parameters), stderr: 'pipe' });
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the bin with raw input lines and resolves with its exit code and stderr. Stdin is closed after the
 * input unless `keepInputOpen` (then only the process itself can end the run).
 */
function runBin(options: {
  args: string[];
  input: string[];
  keepInputOpen?: boolean;
}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [mockMcpBinPath, ...options.args], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const input = options.input.map((line) => `${line}\n`).join('');
  if (options.keepInputOpen === true) child.stdin.write(input);
  else child.stdin.end(input);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      resolve({ code, stderr });
    });
  });
}

describe('mock-mcp over stdio', () => {
  it('lists and calls the tools of the spec file, and records each call', async () => {
    const recordPath = join(directory, 'calls.jsonl');
    const { client } = await connectToBin({ spec: { file: examplePath }, recordPath });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'get_course_outline',
      'search_course_content',
    ]);
    const result = await client.callTool({
      name: 'get_course_outline',
      arguments: { course_name: 'Course X' },
    });
    expect(textOf(result)).toContain('4. Retrieval-augmented generation');
    await client.close();
    expect(await readMockCallRecord(recordPath)).toEqual([
      expect.objectContaining({
        tool: 'get_course_outline',
        arguments: { course_name: 'Course X' },
        responseIndex: 0,
      }),
    ]);
  });

  it('leaves no child process after the client closes', async () => {
    const { client, transport } = await connectToBin({ spec: { file: examplePath } });
    const pid = transport.pid;
    expect(pid).not.toBeNull();
    expect(isRunning(pid!)).toBe(true);
    await client.close();
    expect(isRunning(pid!)).toBe(false);
  });

  it('exits mid-call on crash: the client sees the call fail and the process is gone', async () => {
    const recordPath = join(directory, 'crash.jsonl');
    const { client, transport } = await connectToBin({ spec: crashSpec, recordPath });
    const pid = transport.pid!;
    const closed = new Promise<void>((resolve) => {
      client.onclose = resolve;
    });
    const error = await client.callTool({ name: 'boom', arguments: {} }).then(
      () => new Error('The call succeeded.'),
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ message: expect.stringContaining('Connection closed') as unknown });
    await closed;
    expect(isRunning(pid)).toBe(false);
    expect(await readMockCallRecord(recordPath)).toMatchObject([{ tool: 'boom', outcome: 'crash' }]);
  });

  it('exits with a non-zero code on crash', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'boom', arguments: {} } };
    const { code } = await runBin({
      args: ['--spec-json', JSON.stringify(crashSpec)],
      keepInputOpen: true,
      input: [initialize, { jsonrpc: '2.0', method: 'notifications/initialized' }, call].map((message) =>
        JSON.stringify(message),
      ),
    });
    expect(code).toBe(mockCrashExitCode);
  });

  it('reads a missing record file as no calls', async () => {
    expect(await readMockCallRecord(join(directory, 'never-written.jsonl'))).toEqual([]);
  });

  it('exits 0 when stdin closes', async () => {
    expect(await runBin({ args: ['--spec', examplePath], input: [] })).toEqual({ code: 0, stderr: '' });
  });

  it('exits 2 and names the file, line:column and field of an invalid spec', async () => {
    const specPath = join(directory, 'bad.yaml');
    await writeFile(specPath, 'tools:\n  - name: a\n    responses:\n      - txt: hi\n');
    const { code, stderr } = await runBin({ args: ['--spec', specPath], input: [] });
    expect(code).toBe(2);
    expect(stderr).toContain(`${specPath}:4:9 tools[0].responses[0].txt: Unknown field 'txt'.`);
  });

  it('exits 2 with the usage for bad arguments', async () => {
    const { code, stderr } = await runBin({ args: ['--spek', 'x'], input: [] });
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: mock-mcp --spec');
  });
});
