import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectOver } from '../../test/connect-client.js';
import { mockMcpBinPath } from './mock-mcp-bin-path.js';

const examplePath = new URL('../../examples/course-materials.yaml', import.meta.url).pathname;

let child: ChildProcessWithoutNullStreams | undefined;

afterEach(async () => {
  if (child !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
});

/** Starts `mock-mcp --http` and resolves with the first line it prints. */
async function startHttpBin(
  args: string[],
): Promise<{ process: ChildProcessWithoutNullStreams; line: string }> {
  const started = spawn(process.execPath, [mockMcpBinPath, ...args]);
  child = started;
  const lines = createInterface({ input: started.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return { process: started, line };
}

// Each test starts a Node process; on a loaded CI machine that alone has taken most of vitest's 10 s default.
describe('mock-mcp --http', { timeout: 30_000 }, () => {
  it('prints the URL of its endpoint as one line and serves the spec there', async () => {
    const { line } = await startHttpBin(['--spec', examplePath, '--http']);
    expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(line)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'get_course_outline',
      'search_course_content',
    ]);
    await client.close();
  });

  it('exits 0 on SIGTERM, also with a session open', async () => {
    const { process: started, line } = await startHttpBin(['--spec', examplePath, '--http', '0']);
    const client = await connectOver(new StreamableHTTPClientTransport(new URL(line)));
    await client.listTools();
    const exited = once(started, 'exit');
    started.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    await client.close();
  });

  it('exits 1 and says why when it cannot listen', async () => {
    const { line } = await startHttpBin(['--spec', examplePath, '--http']);
    const port = new URL(line).port;
    const second = spawn(process.execPath, [mockMcpBinPath, '--spec', examplePath, '--http', port]);
    let stderr = '';
    second.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(second, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toContain(`mock-mcp: cannot listen on 127.0.0.1:${port}:`);
    expect(stderr).toContain('EADDRINUSE');
  });
});
