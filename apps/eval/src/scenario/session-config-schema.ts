import { sessionLoopConfigSchema } from '@toolloop/core/internal/session';
import type { SessionLoopConfig } from '@toolloop/core/session';
import { z } from 'zod';

/** The secret values a host's config gives a server literally: its request `headers`, by name. */
export const serverSecretsSchema = z.strictObject({
  headers: z
    .record(z.string().min(1), z.string())
    .describe('Request headers the host sends the server, such as authorization: Bearer <token>.'),
});

/** Server secrets by server name, as a host config and `resumeSession` give them. */
export const serverSecretsByNameSchema = z.record(
  z.string().regex(/^[a-zA-Z0-9_-]+$/, "letters, digits, '_' and '-' only"),
  serverSecretsSchema,
);

export type ServerSecretsByName = z.output<typeof serverSecretsByNameSchema>;

/**
 * A scenario's `session`: a host's session config (`LlmConfig`, snake_case) for the turns, which then run through
 * `SessionManager` — the provider picked by `createModelFromConfig`, thinking on by default, tool-call limits
 * counted across turns. These are the config's loop fields (`sessionLoopConfigSchema`, the loop's options under
 * their snake_case names), and `servers`: the scenario's HTTP mocks the host connects itself from its config,
 * with the headers it sends them (secrets the stored session never holds); `type`, `model`, `api_key` and
 * `base_url` come from the scenario itself, and the runner connects its other servers.
 */
export const sessionConfigSchema = sessionLoopConfigSchema.extend({
  servers: serverSecretsByNameSchema
    .optional()
    .describe(
      "Servers of the scenario (mocks with transport: http) that the host connects itself, from its config's servers (their URL, and these headers, kept in the host's memory only), instead of the runner.",
    ),
});

export type SessionConfig = SessionLoopConfig & { servers?: ServerSecretsByName | undefined };
