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

/** The exit code of `mock-mcp --http` when it cannot listen (the port is taken, the address is not local). */
export const cannotListenExitCode = 1;

/**
 * The `mock-mcp` command: loads the spec and serves it over this process's stdin/stdout until stdin closes, or
 * with `--http` over streamable HTTP until SIGINT or SIGTERM, printing the endpoint's URL as one line on
 * stdout. Returns an exit code when it could not start; otherwise the process lives as long as it serves.
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
  if (command.transport.type === 'http') {
    const { type: _type, ...listenOptions } = command.transport;
    try {
      const listener = await server.listenHttp(listenOptions);
      process.stdout.write(`${listener.url}\n`);
    } catch (error) {
      await server.close();
      process.stderr.write(
        `mock-mcp: cannot listen on ${listenOptions.host ?? '127.0.0.1'}:${listenOptions.port}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return cannotListenExitCode;
    }
    // Closing the server closes every session and the port; nothing else keeps the process alive.
    const stop = () => {
      void server.close();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return undefined;
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
