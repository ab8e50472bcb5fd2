// The client the MCP conformance suite drives: connectMcpServers from the built @toolloop/core, pointed at the
// URL the suite appends, doing what the scenario named in MCP_CONFORMANCE_SCENARIO asks of a client.
import process from 'node:process';
import { connectMcpServers } from '@toolloop/core/mcp';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
/** The tool each scenario expects the client to call, with its arguments. */
const calls = {
  tools_call: { name: 'add_numbers', input: { a: 2, b: 3 } },
  'elicitation-sep1034-client-defaults': { name: 'test_client_elicitation_defaults', input: {} },
  'sse-retry': { name: 'test_reconnection', input: {} },
};

/** What the suite tells the client of the scenario: its registered client and key, where it has one. */
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');

/** How the client is authorized in each authorization scenario (`auth/…`); none elsewhere. */
function authFor(name) {
  if (!name?.startsWith('auth/')) return undefined;
  if (name === 'auth/client-credentials-jwt') {
    return {
      type: 'private_key_jwt',
      clientId: context.client_id,
      privateKey: context.private_key_pem,
      algorithm: context.signing_algorithm ?? 'ES256',
    };
  }
  if (name === 'auth/client-credentials-basic') {
    return { type: 'client_credentials', clientId: context.client_id, clientSecret: context.client_secret };
  }
  return {
    type: 'authorization_code',
    redirectUrl: 'http://localhost:3000/callback',
    // The client ID metadata document the suite's authorization server expects (never fetched by it).
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
    ...(name === 'auth/pre-registration'
      ? { clientId: context.client_id, clientSecret: context.client_secret }
      : {}),
  };
}

/**
 * The user's sign-in, as a browser would make it: the suite's authorization server answers the authorization URL
 * at once with a redirect to the callback, which holds the code.
 */
async function signIn({ url }) {
  const response = await globalThis.fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (location === null)
    throw new Error(`The authorization server answered ${response.status}, not a redirect.`);
  return new globalThis.URL(location, url);
}

const auth = authFor(scenario);
const mcp = await connectMcpServers(
  { servers: { conformance: { url, ...(auth === undefined ? {} : { auth }) } } },
  // Accept with no values of its own: the schema's defaults fill the form.
  { onElicitation: () => ({ action: 'accept', content: {} }), onAuthorization: signIn },
);
try {
  const signal = globalThis.AbortSignal.timeout(20_000);
  const tools = await mcp.listTools({ signal });
  // Every authorization scenario's server has one tool, which only an authorized client may call.
  const call = scenario?.startsWith('auth/') ? { name: 'test-tool', input: {} } : calls[scenario];
  // A scenario not named above: every tool it lists is called once, in order, with a value of the right type
  // for each required argument.
  const planned =
    call !== undefined
      ? [call]
      : // The calls the scenario asks for, with its arguments, when it names them.
        Array.isArray(context.toolCalls)
        ? context.toolCalls.map((planned) => ({ name: planned.name, input: planned.arguments ?? {} }))
        : scenario === 'json-schema-2020-12-preservation'
          ? // The echo tool takes the input schema the client listed for the other tool, as it kept it.
            [
              {
                name: 'json_schema_echo',
                input: {
                  schema: tools.find((tool) => tool.name === 'json_schema_2020_12_tool')?.inputSchema,
                },
              },
            ]
          : tools.map((tool) => ({ name: tool.name, input: sampleArguments(tool.inputSchema) }));
  for (const [index, { name, input }] of planned.entries()) {
    const output = await mcp.callTool({ toolCallId: `conformance-${index + 1}`, name, input, signal });
    process.stdout.write(`${JSON.stringify(output)}\n`);
  }
} finally {
  await mcp.close();
}

/**
 * Arguments that fit a tool's input schema: each required property given its default, or a value of its type.
 * Strings alternate between plain ASCII and text with a character no HTTP header may carry as it is, so that a
 * tool whose arguments are mirrored in headers sees both encodings.
 */
function sampleArguments(schema) {
  const properties = schema.properties ?? {};
  const samples = { number: 1, integer: 1, boolean: true, object: {}, array: [] };
  let strings = 0;
  const sample = (property) => {
    if (property?.default !== undefined) return property.default;
    if (property?.type in samples) return samples[property.type];
    strings += 1;
    return strings % 2 === 1 ? 'conformance' : 'conformance café';
  };
  return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(properties[key])]));
}
