import { appendFileSync, writeFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseMockServerSpecText, loadMockServerSpec } from '../spec/load-mock-server-spec.js';
import type { MockServerSpec } from '../spec/mock-server-spec-schema.js';
import { createMockMcpServer } from '../server/create-mock-mcp-server.js';
import { cliUsage, parseCliArguments, type CliCommand } from './parse-cli-arguments.js';

/** The exit code of a `mock-mcp` process that a `crash` response ended. */
export const mockCrashExitCode = 70;

/** The exit code of `mock-mcp` for bad arguments or an invalid spec. */
export const invalidInputExitCode = 2;

/**
 * The `mock-mcp` command: loads the spec, serves it over this process's stdin/stdout, and stops when stdin
 * closes. Returns an exit code when it could not start; otherwise the process lives as long as stdin.
 */
export async function runMockMcpCli(argv: readonly string[]): Promise<number | undefined> {
  const command = parseCliArguments(argv);
  switch (command.type) {
    case 'help':
      process.stdout.write(`${cliUsage}\n`);
      return 0;
    case 'invalid':
      process.stderr.write(`mock-mcp: ${command.message}\n\n${cliUsage}\n`);
      return invalidInputExitCode;
    case 'serve':
      return serve(command);
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown command: ${JSON.stringify(unknownCommand)}`);
    }
  }
}

async function serve(command: Extract<CliCommand, { type: 'serve' }>): Promise<number | undefined> {
  let spec: MockServerSpec;
  try {
    spec =
      command.spec.type === 'file'
        ? await loadMockServerSpec(command.spec.path)
        : parseMockServerSpecText({ text: command.spec.text, file: '--spec-json' });
  } catch (error) {
    process.stderr.write(`mock-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return invalidInputExitCode;
  }
  const server = createMockMcpServer(spec);
  const recordPath = command.recordPath;
  if (recordPath !== undefined) {
    try {
      writeFileSync(recordPath, '');
    } catch (error) {
      process.stderr.write(
        `mock-mcp: cannot write the record file: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return invalidInputExitCode;
    }
    // Written synchronously so that a crash, which exits at once, still leaves its line.
    server.onCallEnd((call) => {
      appendFileSync(recordPath, `${JSON.stringify(call)}\n`);
    });
  }
  process.stdin.once('end', () => {
    void server.close();
  });
  await server.connect({
    transport: new StdioServerTransport(),
    onCrash: () => {
      // A crash is the process dying mid-call: no answer, no cleanup, a non-zero exit code.
      process.exit(mockCrashExitCode);
    },
  });
  return undefined;
}
