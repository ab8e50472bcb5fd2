import { z } from 'zod';
import { hasOnlyWellFormedReferences } from './environment-references.js';
import { sessionLoopConfigShape } from './session-loop-config.js';
import type {
  LlmConfig,
  LlmProviderType,
  LlmServerConfig,
  StoredLlmConfig,
  StoredServerConfig,
} from './llm-config.js';

/** A server `headers` or `env` value: text, where `${NAME}` reads the environment when the server connects. */
const serverValue = z.string().refine(hasOnlyWellFormedReferences, {
  error: "write an environment variable as ${NAME} (letters, digits and '_'); '${' may not appear otherwise",
});

/** As stored: `null` stands for a value given literally, kept in memory only. */
const storedServerValue = serverValue.nullable();

const absoluteUrl = z.url({ error: 'expected an absolute URL' });

/** A field of `auth` that is no secret: stored as written, so it may not read the environment. */
const plainAuthValue = z
  .string()
  .min(1)
  .refine((value) => !value.includes('${'), {
    error: 'expected the value itself: only clientSecret and privateKey may read the environment (${NAME})',
  });

/** An `auth` config of an HTTP server, its secrets (`clientSecret`, `privateKey`) written as `value`. */
function serverAuth<VALUE extends z.ZodType<string | null>>(value: VALUE) {
  return z.discriminatedUnion(
    'type',
    [
      z
        .strictObject({
          type: z.literal('authorization_code'),
          redirectUrl: absoluteUrl,
          scope: z.string().optional(),
          clientId: plainAuthValue.optional(),
          clientSecret: value.optional(),
          clientMetadataUrl: absoluteUrl.optional(),
          clientName: z.string().optional(),
        })
        .refine((auth) => auth.clientSecret === undefined || auth.clientId !== undefined, {
          path: ['clientSecret'],
          error: 'a clientSecret goes with the clientId of a pre-registered client: give clientId too',
        }),
      z.strictObject({
        type: z.literal('client_credentials'),
        clientId: plainAuthValue,
        clientSecret: value,
        scope: z.string().optional(),
      }),
      z.strictObject({
        type: z.literal('private_key_jwt'),
        clientId: plainAuthValue,
        privateKey: value,
        algorithm: z.string().optional(),
        scope: z.string().optional(),
      }),
    ],
    { error: "expected `type` 'authorization_code', 'client_credentials' or 'private_key_jwt'" },
  );
}

function serverObject<VALUE extends z.ZodType<string | null>>(value: VALUE) {
  return z.strictObject({
    command: z.string().min(1, { error: 'expected a command to run' }).optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), value).optional(),
    cwd: z.string().optional(),
    url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
    headers: z.record(z.string(), value).optional(),
    auth: serverAuth(value).optional(),
    protocol: z
      .enum(['auto', '2025-11-25', '2026-07-28'], {
        error: "expected 'auto', '2025-11-25' or '2026-07-28'",
      })
      .optional(),
  });
}

function checkServer(
  server: {
    command?: string;
    url?: string;
    args?: unknown;
    env?: unknown;
    cwd?: unknown;
    headers?: unknown;
    auth?: unknown;
  },
  context: z.RefinementCtx,
): void {
  const isStdio = server.command !== undefined;
  const isHttp = server.url !== undefined;
  if (isStdio === isHttp) {
    context.addIssue({
      code: 'custom',
      message: 'expected either `command` (a child process) or `url` (streamable HTTP), not both or neither',
    });
  }
  for (const field of ['headers', 'auth'] as const) {
    if (isStdio && server[field] !== undefined) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: `only HTTP servers (\`url\`) take ${field}`,
      });
    }
  }
  if (isHttp) {
    for (const field of ['args', 'env', 'cwd'] as const) {
      if (server[field] !== undefined) {
        context.addIssue({ code: 'custom', path: [field], message: 'only command servers take this field' });
      }
    }
  }
}

const serverConfigSchema = serverObject(serverValue)
  .superRefine(checkServer)
  .transform((server): LlmServerConfig => {
    const { command, url, ...rest } = server;
    return url === undefined ? { command: command ?? '', ...rest } : { url, ...rest };
  });

const storedServerConfigSchema = serverObject(storedServerValue)
  .superRefine(checkServer)
  .transform((server): StoredServerConfig => {
    const { command, url, ...rest } = server;
    return url === undefined ? { command: command ?? '', ...rest } : { url, ...rest };
  });

const providerTypes = [
  'claude',
  'anthropic',
  'openai',
  'openai-responses',
  'gemini',
  'bedrock',
  'ollama',
  'ollama-openai',
] as const satisfies readonly LlmProviderType[];

/** Every field of a config but the API key, with `servers` entries as `server` describes them. */
function configShape<SERVER extends z.ZodType>(server: SERVER) {
  return {
    type: z.enum(providerTypes, {
      error: `expected one of ${providerTypes.map((type) => `'${type}'`).join(', ')}`,
    }),
    model: z.string({ error: 'expected a model id' }).min(1, { error: 'expected a model id' }),
    base_url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
    region: z
      .string({ error: 'expected an AWS region' })
      .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, { error: 'expected an AWS region such as us-east-1' })
      .optional(),
    servers: z
      .record(
        z
          .string()
          .regex(/^[a-zA-Z0-9_-]+$/, { error: "a server name may use only letters, digits, '_' and '-'" }),
        server,
      )
      .optional(),
    ...sessionLoopConfigShape,
  };
}

/**
 * The zod schema of `LlmConfig`: the host's snake_case fields plus the loop's limits. Unknown fields are
 * rejected, so a misspelt limit is an error rather than silently ignored.
 */
export const llmConfigSchema: z.ZodType<LlmConfig> = z.preprocess(
  toCurrentThinking,
  z
    .strictObject({
      ...configShape(serverConfigSchema),
      api_key: z
        .string({ error: 'expected a string' })
        .min(1, { error: 'expected a non-empty key' })
        .optional(),
    })
    .superRefine(checkProviderFields),
);

/** A config as a session file stores it: no API key, and `null` for server values kept in memory only. */
export const storedLlmConfigSchema: z.ZodType<StoredLlmConfig> = z.preprocess(
  (stored) => toCurrentThinking(toCurrentOllamaType(stored)),
  z.strictObject(configShape(storedServerConfigSchema)).superRefine(checkProviderFields),
);

/**
 * `thinking` as configs wrote it before it took `true`, `false` or `{ budget_tokens, effort }`: `{ enabled:
 * false }` is `false`, and `{ enabled: true, … }` is the rest (`true` when nothing is left). Hosts' configs and
 * stored sessions in that form go on as they were.
 */
function toCurrentThinking(config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const thinking: unknown = Reflect.get(config, 'thinking');
  if (typeof thinking !== 'object' || thinking === null) return config;
  const { enabled, ...rest } = thinking as Record<string, unknown>;
  if (typeof enabled !== 'boolean') return config;
  return { ...config, thinking: enabled && Object.keys(rest).length > 0 ? rest : enabled };
}

/**
 * A session stored when `ollama` named Ollama's OpenAI-compatible layer (its `/v1` URL) goes on there, as
 * `ollama-openai`: `ollama` now names Ollama's own API.
 */
function toCurrentOllamaType(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const { type, base_url: baseUrl } = stored as { type?: unknown; base_url?: unknown };
  return type === 'ollama' && typeof baseUrl === 'string' && isOllamaOpenAIUrl(baseUrl)
    ? { ...stored, type: 'ollama-openai' }
    : stored;
}

/** Whether a URL's path ends in `/v1`, Ollama's OpenAI-compatible layer (its query and fragment aside). */
function isOllamaOpenAIUrl(url: string): boolean {
  try {
    return /\/v1\/?$/u.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The fields only some providers take, and Ollama's two APIs told apart by their URL. */
function checkProviderFields(
  config: {
    type: LlmProviderType;
    region?: string | undefined;
    base_url?: string | undefined;
    api_key?: string | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (config.region !== undefined && config.type !== 'bedrock') {
    context.addIssue({ code: 'custom', path: ['region'], message: 'only bedrock takes a region' });
  }
  if (config.type === 'bedrock' && config.api_key !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['api_key'],
      message:
        'bedrock takes no API key: its credentials come from the AWS credential chain (AWS_PROFILE, AWS_ACCESS_KEY_ID, a role)',
    });
  }
  if (
    config.type === 'ollama' &&
    config.base_url !== undefined &&
    /\/v1\/?$/.test(new URL(config.base_url).pathname)
  ) {
    context.addIssue({
      code: 'custom',
      path: ['base_url'],
      message:
        "a URL ending in /v1 is Ollama's OpenAI-compatible layer: give type 'ollama-openai', or the server's root for 'ollama'",
    });
  }
}
