#!/usr/bin/env node
import { runProgram } from '../cli/create-program.js';

process.exitCode = await runProgram(process.argv);
