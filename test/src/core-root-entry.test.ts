import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const testPackageDir = fileURLToPath(new URL('..', import.meta.url));

/** Module hooks that report every URL the child resolves, and answer `flush` once all reports are sent. */
const reportingHooks = `
let port;
export function initialize(data) {
  port = data.port;
  port.on('message', () => port.postMessage({ flushed: true }));
}
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage({ url: resolved.url });
  return resolved;
}`;

/** Imports `entry` in a fresh Node process (built output, as users load it) and lists the packages it loaded. */
async function packagesLoadedBy(entry: string): Promise<string[]> {
  const child = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const urls = new Set();
const flushed = new Promise((resolve) => {
  port1.on('message', (message) => (message.flushed ? resolve() : urls.add(message.url)));
});
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(reportingHooks)}), {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});
await import(${JSON.stringify(entry)});
port1.postMessage('flush');
await flushed;
port1.close();
process.stdout.write(JSON.stringify([...urls]));
`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', child], {
    cwd: testPackageDir,
  });
  const urls = JSON.parse(stdout) as string[];
  const packages = urls.flatMap((url) => {
    if (url.startsWith('node:')) return [url];
    // pnpm keeps packages under node_modules/.pnpm/<id>/node_modules/<name>: the last segment names it.
    const inNodeModules = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    // Workspace packages are linked: their files resolve to packages/<name>/dist, outside node_modules.
    if (inNodeModules === null) return url.includes('/packages/core/dist/') ? [] : [url];
    return [inNodeModules[1] ?? url];
  });
  return [...new Set(packages)].sort();
}

describe("what @toolloop/core's root entry loads", () => {
  it('only the loop, tools and the model contract: no zod, no node:fs, no node:crypto, no session code', async () => {
    expect(await packagesLoadedBy('@toolloop/core')).toEqual(['@cfworker/json-schema']);
  });

  it('sessions load their own dependencies from @toolloop/core/session', async () => {
    // The JSON Schema validator comes with the loop, which validates a turn's `output` with it.
    expect(await packagesLoadedBy('@toolloop/core/session')).toEqual([
      '@cfworker/json-schema',
      'node:crypto',
      'node:fs/promises',
      'node:os',
      'node:path',
      'node:timers/promises',
      'zod',
    ]);
  });
});
