import { parseArgs } from 'node:util';

/** Where `mock-mcp` serves: over its stdin/stdout, or over streamable HTTP. */
export type CliTransport =
  | { type: 'stdio' }
  | { type: 'http'; port: number; host?: string; allowedHosts?: string[]; allowedOrigins?: string[] };

/** What the `mock-mcp` command was asked to do. */
export type CliCommand =
  | {
      type: 'serve';
      spec: { type: 'file'; path: string } | { type: 'json'; text: string };
      transport: CliTransport;
      recordPath?: string;
    }
  | { type: 'help' }
  | { type: 'invalid'; message: string };

/** The usage text of the `mock-mcp` command. */
export const cliUsage = [
  'Usage: mock-mcp --spec <file.yaml|file.json> [--record <calls.jsonl>] [--http [port] ...]',
  '       mock-mcp --spec-json <json> [--record <calls.jsonl>] [--http [port] ...]',
  '',
  'Serves a mock MCP server over stdin/stdout until stdin closes, or with --http over streamable HTTP',
  'until it is stopped (SIGINT, SIGTERM), printing the URL of its endpoint as one line on stdout.',
  '  --spec <file>            the server spec (YAML or JSON)',
  '  --spec-json <json>       the server spec inline, as JSON',
  '  --record <file>          write each call, when it ends, as one JSON line',
  '  --http [port]            serve streamable HTTP on this port (default: a free one)',
  '  --host <address>         with --http: the address to bind (default 127.0.0.1)',
  '  --allowed-host <name>    with --http: a Host header name to accept besides loopback (repeatable; * for any)',
  '  --allowed-origin <url>   with --http: an Origin to accept besides loopback pages (repeatable; * for any)',
].join('\n');

const httpOnlyOptions = ['host', 'allowed-host', 'allowed-origin'] as const;

/** Reads the command line of `mock-mcp` (arguments after the script path). */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  const http = takeHttpOption(argv);
  if (typeof http === 'string') return { type: 'invalid', message: http };
  let values;
  try {
    ({ values } = parseArgs({
      args: http.rest,
      options: {
        spec: { type: 'string' },
        'spec-json': { type: 'string' },
        record: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'allowed-origin': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { type: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help === true) return { type: 'help' };
  const specPath = values.spec;
  const specJson = values['spec-json'];
  if ((specPath === undefined) === (specJson === undefined)) {
    return { type: 'invalid', message: 'Give exactly one of --spec <file> and --spec-json <json>.' };
  }
  const misplaced = httpOnlyOptions.find((name) => values[name] !== undefined);
  if (http.port === undefined && misplaced !== undefined) {
    return { type: 'invalid', message: `--${misplaced} applies to --http only.` };
  }
  const spec =
    specPath === undefined
      ? { type: 'json' as const, text: specJson ?? '' }
      : { type: 'file' as const, path: specPath };
  const transport: CliTransport =
    http.port === undefined
      ? { type: 'stdio' }
      : {
          type: 'http',
          port: http.port,
          ...(values.host === undefined ? {} : { host: values.host }),
          ...(values['allowed-host'] === undefined ? {} : { allowedHosts: values['allowed-host'] }),
          ...(values['allowed-origin'] === undefined ? {} : { allowedOrigins: values['allowed-origin'] }),
        };
  return {
    type: 'serve',
    spec,
    transport,
    ...(values.record === undefined ? {} : { recordPath: values.record }),
  };
}

/**
 * Takes `--http`, `--http <port>` or `--http=<port>` out of the arguments (`parseArgs` has no option whose
 * value is optional). Returns the port (0 when none is given; `undefined` without `--http`) and the rest, or a
 * message when the port is not one.
 */
function takeHttpOption(argv: readonly string[]): { port: number | undefined; rest: string[] } | string {
  const rest: string[] = [];
  let port: number | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument !== '--http' && !argument.startsWith('--http=')) {
      rest.push(argument);
      continue;
    }
    let value = argument.startsWith('--http=') ? argument.slice('--http='.length) : undefined;
    const next = argv[index + 1];
    if (value === undefined && next !== undefined && /^\d+$/.test(next)) {
      value = next;
      index += 1;
    }
    port = value === undefined ? 0 : Number(value);
    if (!/^\d+$/.test(value ?? '0') || port > 65_535) {
      return `--http takes a port from 0 to 65535, not '${value ?? ''}'.`;
    }
  }
  return { port, rest };
}
