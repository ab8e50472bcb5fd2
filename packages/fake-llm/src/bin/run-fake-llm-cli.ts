import { parseArgs } from 'node:util';
import { createFakeLlm } from '../create-fake-llm.js';
import { waitForAbort } from '../internal/wait.js';
import { loadFakeLlmScript } from '../script/load-fake-llm-script.js';

const usage = `Usage: fake-llm --script <file.json|file.yaml> [--port <n>] [--relax <rule id>]...

Serves a fake Anthropic Messages API (/v1/messages), OpenAI chat completions (/v1/chat/completions) and
Responses (/v1/responses) APIs, Gemini's API (/v1beta/models/<model>:generateContent, :streamGenerateContent),
Bedrock's Converse API (/model/<modelId>/converse-stream, /converse) and Ollama's own API (/api/chat) on
127.0.0.1 (port 0, the default, picks a free one), answering every request from the script's steps; prints its
URL and runs until interrupted. The script may be a list of steps, { name, steps, dialect?, quirks?, toolFormat?, models? },
or a scenario file (its turns' llm steps; provider ollama-openai or xml picks Ollama's chat completions dialect
or the XML tool format). A request
the real API refuses is refused; --relax lets one rule, named by its id, through (once per rule). Exits 1 if a
client broke the protocol (the violations are printed as JSON lines), 2 on bad input.`;

/** A place the CLI writes lines to. */
interface Output {
  write(text: string): unknown;
}

/**
 * The `fake-llm` command: loads the script, serves it, prints the URL on stdout, and closes when `signal`
 * aborts. Returns the exit code: 0, 1 when the fake recorded violations (printed on stderr as JSON lines), 2
 * when the arguments or the script are invalid.
 */
export async function runFakeLlmCli(options: {
  args: string[];
  stdout: Output;
  stderr: Output;
  signal: AbortSignal;
}): Promise<number> {
  const { stdout, stderr } = options;
  let values: { script?: string; port?: string; relax?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: options.args,
      options: {
        script: { type: 'string' },
        port: { type: 'string' },
        relax: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`);
    return 2;
  }
  if (values.help === true) {
    stdout.write(`${usage}\n`);
    return 0;
  }
  const port = Number(values.port ?? '0');
  if (values.script === undefined || !Number.isInteger(port) || port < 0 || port > 65_535) {
    stderr.write(
      `${values.script === undefined ? 'Missing --script.' : `Invalid --port ${values.port ?? ''}.`}\n\n${usage}\n`,
    );
    return 2;
  }
  const script = await loadFakeLlmScript(values.script);
  if (!script.success) {
    stderr.write(`${script.error}\n`);
    return 2;
  }
  let fake: ReturnType<typeof createFakeLlm>;
  try {
    fake = createFakeLlm(script.value, { strictness: { relax: values.relax ?? [] } });
  } catch (error) {
    // An unknown rule id: the message lists the fake's rules.
    stderr.write(`${error instanceof Error ? error.message : String(error)}
`);
    return 2;
  }
  const server = await fake.serve({ port });
  stdout.write(`${server.url}\n`);
  await waitForAbort(options.signal);
  await fake.close();
  for (const violation of fake.violations) stderr.write(`${JSON.stringify(violation)}\n`);
  return fake.violations.length > 0 ? 1 : 0;
}
