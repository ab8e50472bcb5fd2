import { MissingSecretError, type MissingSecret } from '../errors/missing-secret-error.js';
import { environmentReferencePattern } from './environment-references.js';
import type { McpAuthConfig } from '../mcp/mcp-auth-config.js';
import { authSecretValues } from './withhold-secrets.js';
import type { LlmServerConfig, ServerSecrets, StoredServerAuth, StoredServerConfig } from './llm-config.js';

/**
 * The servers as `connectServers` gets them: each `headers` or `env` value is the one kept in memory for it
 * (given in the config or to `resumeSession`), else the stored value with every `${NAME}` read from the
 * environment. Throws `MissingSecretError` listing every value it cannot provide.
 */
export function resolveServers({
  sessionId,
  servers,
  secrets,
  environment,
}: {
  sessionId: string;
  servers: Record<string, StoredServerConfig>;
  secrets: ServerSecrets | undefined;
  environment: Readonly<Record<string, string | undefined>>;
}): Record<string, LlmServerConfig> {
  const missing: MissingSecret[] = [];
  const resolveValues = (
    server: string,
    field: 'headers' | 'env' | 'auth',
    values: Record<string, string | null>,
  ): Record<string, string> =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => {
        // A value kept in memory wins; it may read the environment too (a secret with a literal part).
        const kept = ownValue(ownValue(secrets, server)?.[field], name) ?? value;
        const path = `servers.${server}.${field}.${name}`;
        if (kept === null) {
          missing.push({ path, server, field, name });
          return [name, ''];
        }
        const expanded = kept.replace(environmentReferencePattern, (_reference, variable: string) => {
          const found = ownValue(environment, variable);
          if (found === undefined) missing.push({ path, server, field, name, variable });
          return found ?? '';
        });
        return [name, expanded];
      }),
    );

  const resolved = Object.fromEntries(
    Object.entries(servers).map(([name, server]): [string, LlmServerConfig] => {
      if ('url' in server) {
        const { headers, auth, ...others } = server;
        return [
          name,
          {
            ...others,
            ...(headers === undefined ? {} : { headers: resolveValues(name, 'headers', headers) }),
            ...(auth === undefined ? {} : { auth: resolveAuth(name, auth) }),
          },
        ];
      }
      const { env, ...others } = server;
      return [name, env === undefined ? others : { ...others, env: resolveValues(name, 'env', env) }];
    }),
  );
  if (missing.length > 0) throw new MissingSecretError({ sessionId, missing });
  return resolved;

  /** The `auth` config with its secrets resolved as `headers` values are. */
  function resolveAuth(server: string, auth: StoredServerAuth): McpAuthConfig {
    return { ...auth, ...resolveValues(server, 'auth', authSecretValues(auth)) } as McpAuthConfig;
  }
}

/** An own property only, so a name such as `constructor` never finds something inherited. */
function ownValue<VALUE>(
  record: Readonly<Record<string, VALUE>> | undefined,
  key: string,
): VALUE | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
