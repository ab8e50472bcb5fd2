import { parseArgs } from 'node:util';

/** What the `mock-mcp` command was asked to do. */
export type CliCommand =
  | {
      type: 'serve';
      spec: { type: 'file'; path: string } | { type: 'json'; text: string };
      recordPath?: string;
    }
  | { type: 'help' }
  | { type: 'invalid'; message: string };

/** The usage text of the `mock-mcp` command. */
export const cliUsage = [
  'Usage: mock-mcp --spec <file.yaml|file.json> [--record <calls.jsonl>]',
  '       mock-mcp --spec-json <json> [--record <calls.jsonl>]',
  '',
  'Serves a mock MCP server over stdin/stdout until stdin closes.',
  '  --spec <file>       the server spec (YAML or JSON)',
  '  --spec-json <json>  the server spec inline, as JSON',
  '  --record <file>     write each call, when it ends, as one JSON line',
].join('\n');

/** Reads the command line of `mock-mcp` (arguments after the script path). */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        spec: { type: 'string' },
        'spec-json': { type: 'string' },
        record: { type: 'string' },
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
  const spec =
    specPath === undefined
      ? { type: 'json' as const, text: specJson ?? '' }
      : { type: 'file' as const, path: specPath };
  return { type: 'serve', spec, ...(values.record === undefined ? {} : { recordPath: values.record }) };
}
