#!/usr/bin/env node
import { runProgram } from '../cli/create-program.js';
import { createStreamOutput } from '../cli/create-stream-output.js';
import { endWhenDone } from '../cli/end-when-done.js';

// Ctrl-C or a CI cancel ends the run as an exit, so what is cleaned up on exit is (temporary report parts; the
// worker processes see the disconnect and end too). The code is the shell's for the signal: 128 + its number.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => process.exit(code));

process.exitCode = await runProgram(process.argv, {
  output: createStreamOutput({ stdout: process.stdout, stderr: process.stderr }),
});
await endWhenDone({
  exitCode: process.exitCode,
  stderr: (text) => process.stderr.write(text),
  detectingLeftovers: process.argv.includes('--detect-leftovers'),
});
