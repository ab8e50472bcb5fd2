#!/usr/bin/env node
import { runFakeLlmCli } from './run-fake-llm-cli.js';

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
