import { mcpAuthSecretFields, type McpAuthSecretField } from '../mcp/mcp-auth-config.js';
import { hasEnvironmentReference } from './environment-references.js';

/** A value that is one environment reference and nothing else: `${NAME}`. */
const wholeReference = /^\$\{[A-Za-z_]\w*\}$/u;
import type {
  LlmConfig,
  ServerSecrets,
  StoredLlmConfig,
  StoredServerAuth,
  StoredServerConfig,
} from './llm-config.js';

/**
 * Splits a config into what may be stored and what is kept in memory only: the API key, and every server
 * `headers` or `env` value and `auth` secret given literally (stored as `null`). A value that reads the environment (`${NAME}`)
 * is stored as written. Applying it to a stored config changes nothing.
 */
export function withholdSecrets(config: LlmConfig | (StoredLlmConfig & { api_key?: string })): {
  stored: StoredLlmConfig;
  apiKey: string | undefined;
  servers: ServerSecrets;
} {
  const { api_key: apiKey, servers, ...rest } = config;
  if (servers === undefined) return { stored: rest, apiKey, servers: {} };
  const split = Object.entries(servers).map(([name, server]) => ({ name, ...splitServer(server) }));
  return {
    stored: { ...rest, servers: Object.fromEntries(split.map(({ name, stored }) => [name, stored])) },
    apiKey,
    servers: Object.fromEntries(
      split.flatMap(({ name, withheld }) => (withheld === undefined ? [] : [[name, withheld]])),
    ),
  };
}

function splitServer(server: StoredServerConfig): {
  stored: StoredServerConfig;
  withheld: ServerSecrets[string] | undefined;
} {
  if ('url' in server) {
    const { headers, auth, ...others } = server;
    const splitHeaders = headers === undefined ? undefined : splitValues(headers);
    const splitAuth = auth === undefined ? undefined : splitAuthSecrets(auth);
    const withheld = {
      ...(splitHeaders?.withheld === undefined ? {} : { headers: splitHeaders.withheld }),
      ...(splitAuth?.withheld === undefined ? {} : { auth: splitAuth.withheld }),
    };
    return {
      stored: {
        ...others,
        ...(splitHeaders === undefined ? {} : { headers: splitHeaders.stored }),
        ...(splitAuth === undefined ? {} : { auth: splitAuth.stored }),
      },
      withheld: Object.keys(withheld).length === 0 ? undefined : withheld,
    };
  }
  const { env, ...others } = server;
  if (env === undefined) return { stored: others, withheld: undefined };
  const { stored, withheld } = splitValues(env);
  return { stored: { ...others, env: stored }, withheld: withheld && { env: withheld } };
}

function splitValues(
  values: Record<string, string | null>,
  options: { wholeReferencesOnly?: boolean } = {},
): {
  stored: Record<string, string | null>;
  withheld: Record<string, string> | undefined;
} {
  const entries = Object.entries(values);
  const readsEnvironment = (value: string) =>
    options.wholeReferencesOnly === true ? wholeReference.test(value) : hasEnvironmentReference(value);
  const isSecret = (value: string | null): value is string => value !== null && !readsEnvironment(value);
  const withheld = entries.filter((entry): entry is [string, string] => isSecret(entry[1]));
  return {
    stored: Object.fromEntries(entries.map(([key, value]) => [key, isSecret(value) ? null : value])),
    withheld: withheld.length === 0 ? undefined : Object.fromEntries(withheld),
  };
}

/** An `auth` config's secrets (`clientSecret`, `privateKey`) split off as `headers` values are. */
function splitAuthSecrets(auth: StoredServerAuth): {
  stored: StoredServerAuth;
  withheld: Partial<Record<McpAuthSecretField, string>> | undefined;
} {
  // A secret is read from the environment only as a whole (`${NAME}`): any literal part would be stored.
  const { stored, withheld } = splitValues(authSecretValues(auth), { wholeReferencesOnly: true });
  return { stored: { ...auth, ...stored }, withheld };
}

/** The secret fields an `auth` config has, by name (`null`: given literally and kept in memory only). */
export function authSecretValues(auth: StoredServerAuth): Record<string, string | null> {
  const fields: Record<string, string | null | undefined> = auth;
  return Object.fromEntries(
    mcpAuthSecretFields.flatMap((field) =>
      fields[field] === undefined ? [] : [[field, fields[field] ?? null]],
    ),
  );
}
