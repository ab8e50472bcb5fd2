#!/usr/bin/env node
import module from 'node:module';

// Node 22.1 and later keep the code compiled for each module on disk (in `node-compile-cache` under the temporary
// directory, or where NODE_COMPILE_CACHE says; NODE_DISABLE_COMPILE_CACHE=1 turns it off), and a later start
// reads it back instead of compiling again. Node 20 has no such function. Turned on before the rest is imported,
// for this process only (no environment variable is set for what it starts).
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runFakeLlmCli } = await import('./run-fake-llm-cli.js');

const interrupted = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted.abort();
  });
}
process.exitCode = await runFakeLlmCli({
  args: process.argv.slice(2),
  stdout: process.stdout,
  stderr: process.stderr,
  signal: interrupted.signal,
});
