import { ToolloopError } from './toolloop-error.js';

const name = 'MissingSecretError';
const marker = `toolloop.error.${name}`;
const symbol = Symbol.for(marker);

/** One server `headers` or `env` value, or `auth` secret, a session cannot connect without. */
export interface MissingSecret {
  /** Where it is in the config: `servers.api.headers.authorization`. */
  path: string;
  server: string;
  field: 'headers' | 'env' | 'auth';
  /** The header or environment variable name, or the `auth` field (`clientSecret`, `privateKey`). */
  name: string;
  /** Set when the value reads this environment variable (`${NAME}`) and the environment lacks it. */
  variable?: string;
}

/**
 * A session's MCP servers cannot connect because values they need are missing: a `${NAME}` the environment
 * does not set, or a value given literally (kept in memory only) that this process no longer has, as after a
 * restart. The message says, for each, how to provide it; it never contains a value.
 */
export class MissingSecretError extends ToolloopError {
  private readonly [symbol] = true;
  readonly sessionId: string;
  readonly missing: MissingSecret[];

  constructor({ sessionId, missing }: { sessionId: string; missing: MissingSecret[] }) {
    const count = missing.length === 1 ? '1 value is' : `${missing.length} values are`;
    const lines = missing.map((secret) => `- ${secret.path}: ${describe(sessionId, secret)}`);
    super({
      name,
      message: [`Session '${sessionId}' cannot connect its servers: ${count} missing.`, ...lines].join('\n'),
    });
    this.sessionId = sessionId;
    this.missing = missing;
  }

  static override isInstance(error: unknown): error is MissingSecretError {
    return ToolloopError.hasMarker(error, marker);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), sessionId: this.sessionId, missing: this.missing };
  }
}

function describe(sessionId: string, secret: MissingSecret): string {
  const again =
    `resumeSession('${sessionId}', { servers: { ${secret.server}: { ${secret.field}: ` +
    `{ ${/^[A-Za-z_$][\w$]*$/.test(secret.name) ? secret.name : JSON.stringify(secret.name)}: … } } } })`;
  if (secret.variable !== undefined) {
    return `reads \${${secret.variable}}, which is not set in the environment. Set it, or pass the whole value with ${again}.`;
  }
  return (
    `the value was given in the config and is kept in memory only. Pass it again with ${again}, ` +
    'or write it as ${NAME} to read it from the environment.'
  );
}
