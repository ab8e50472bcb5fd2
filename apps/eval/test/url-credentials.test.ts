import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runProgram } from '../src/cli/create-program.js';

const fixtures = join(import.meta.dirname, 'fixtures');
let outDir: string | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

describe('credentials in a server URL', () => {
  it('reach no report file, stdout or stderr of a real run; the server is still named by its host', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'toolloop-eval-secrets-'));
    let stdout = '';
    let stderr = '';
    // The pretty reporter writes to the process's stdout itself.
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    });
    const reporters = ['pretty', 'json', 'junit', 'html'].flatMap((name) => ['--reporter', name]);
    const exitCode = await runProgram(
      ['node', 'toolloop-eval', 'run', 'secrets/url-credentials.yaml', ...reporters, '--out-dir', outDir],
      {
        cwd: fixtures,
        output: { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
      },
    );
    const files = await readdir(outDir, { recursive: true, withFileTypes: true });
    const written = await Promise.all(
      files
        .filter((entry) => entry.isFile())
        .map(async (entry) => ({
          name: entry.name,
          text: await readFile(join(entry.parentPath, entry.name), 'utf8'),
        })),
    );
    const outputs = [{ name: 'stdout', text: stdout }, { name: 'stderr', text: stderr }, ...written];

    expect(exitCode).toBe(2);
    expect(written.map((file) => file.name).sort()).toEqual(['junit.xml', 'report.html', 'report.json']);
    expect(outputs.filter((output) => output.text.includes('planted-')).map((output) => output.name)).toEqual(
      [],
    );
    expect(stdout).toContain(
      "MCP server 'remote' (http://127.0.0.1:9/mcp?API_KEY=[redacted]&region=eu&access_token=[redacted])",
    );
  });
});
