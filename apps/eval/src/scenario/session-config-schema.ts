import { sessionLoopConfigSchema, type SessionLoopConfig } from '@toolloop/core/session';
import type { z } from 'zod';

/**
 * A scenario's `session`: a host's session config (`LlmConfig`, snake_case) for the turns, which then run through
 * `SessionManager` — the provider picked by `createModelFromConfig`, thinking on by default, tool-call limits
 * counted across turns. These are the config's loop fields (`sessionLoopConfigSchema`, the loop's options under
 * their snake_case names); `type`, `model`, `api_key`, `base_url` and `servers` come from the scenario itself.
 */
export const sessionConfigSchema: z.ZodType<SessionLoopConfig, SessionLoopConfig> = sessionLoopConfigSchema;
