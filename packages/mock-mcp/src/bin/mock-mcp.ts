#!/usr/bin/env node
import { runMockMcpCli } from './run-mock-mcp-cli.js';

const exitCode = await runMockMcpCli(process.argv.slice(2));
if (exitCode !== undefined) process.exitCode = exitCode;
