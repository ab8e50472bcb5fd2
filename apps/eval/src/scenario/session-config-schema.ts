import { z } from 'zod';

const count = z.int().positive();

/**
 * A scenario's `session`: seed 000's host config (`LLMConfig`, snake_case) for the turns, which then run through
 * `SessionManager` — the provider picked by `createModelFromConfig`, thinking on by default, tool-call limits
 * counted across turns. `type`, `model`, `api_key`, `base_url` and `servers` come from the scenario itself.
 */
export const sessionConfigSchema = z.strictObject({
  system_prompt: z.string().optional(),
  max_tool_calls: z
    .union([
      z.int().nonnegative(),
      z.strictObject({
        per_message: z.int().nonnegative().optional(),
        per_session: z.int().nonnegative().optional(),
      }),
    ])
    .optional(),
  thinking: z
    .strictObject({
      enabled: z.boolean().optional(),
      budget_tokens: count.optional(),
      effort: z.enum(['low', 'medium', 'high', 'max']).optional(),
    })
    .optional(),
  max_iterations: count.optional(),
  max_rounds: count.optional(),
  max_consecutive_errors: count.optional(),
  timeout_ms: count.optional(),
  tool_timeout_ms: count.optional(),
  max_tokens: count.optional(),
});

export type SessionConfig = z.infer<typeof sessionConfigSchema>;
