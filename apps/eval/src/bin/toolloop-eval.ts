#!/usr/bin/env node
import { runProgram } from '../cli/create-program.js';
import { createStreamOutput } from '../cli/create-stream-output.js';

process.exitCode = await runProgram(process.argv, {
  output: createStreamOutput({ stdout: process.stdout, stderr: process.stderr }),
});
