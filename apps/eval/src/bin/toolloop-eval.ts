#!/usr/bin/env node
import { runProgram } from '../cli/create-program.js';
import { createStreamOutput } from '../cli/create-stream-output.js';
import { endWhenDone, isLeftoverCheckOff } from '../cli/end-when-done.js';
import { endWithSignal } from '../cli/end-with-signal.js';

// Ctrl-C or a CI cancel ends the run at once, whatever it waits for, once what is cleaned up on exit is
// (temporary report parts); the worker processes see the disconnect and end too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    endWithSignal(signal);
  });

process.exitCode = await runProgram(process.argv, {
  output: createStreamOutput({ stdout: process.stdout, stderr: process.stderr }),
});
endWhenDone({
  exitCode: process.exitCode,
  stderr: (text) => process.stderr.write(text),
  leftoversOff: isLeftoverCheckOff(process.argv),
});
