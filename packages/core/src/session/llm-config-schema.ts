import { z } from 'zod';
import type { LlmConfig, LlmServerConfig } from './llm-config.js';

/** The longest delay `setTimeout` honours. */
const maxTimerMs = 2_147_483_647;

const count = (minimum: number) =>
  z
    .number()
    .int({ error: 'expected an integer' })
    .min(minimum, { error: `expected at least ${minimum}` });

const milliseconds = z
  .number()
  .positive({ error: 'expected milliseconds above 0' })
  .max(maxTimerMs, { error: `expected at most ${maxTimerMs} ms` });

const stringRecord = z.record(z.string(), z.string());

const serverConfigSchema = z
  .strictObject({
    command: z.string().min(1, { error: 'expected a command to run' }).optional(),
    args: z.array(z.string()).optional(),
    env: stringRecord.optional(),
    cwd: z.string().optional(),
    url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
    headers: stringRecord.optional(),
  })
  .superRefine((server, context) => {
    const isStdio = server.command !== undefined;
    const isHttp = server.url !== undefined;
    if (isStdio === isHttp) {
      context.addIssue({
        code: 'custom',
        message:
          'expected either `command` (a child process) or `url` (streamable HTTP), not both or neither',
      });
    }
    if (isStdio && server.headers !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['headers'],
        message: 'only HTTP servers (`url`) take headers',
      });
    }
    if (isHttp) {
      for (const field of ['args', 'env', 'cwd'] as const) {
        if (server[field] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: 'only command servers take this field',
          });
        }
      }
    }
  })
  .transform((server): LlmServerConfig => {
    const { command, url, ...rest } = server;
    return url === undefined ? { command: command ?? '', ...rest } : { url, ...rest };
  });

/**
 * The zod schema of `LlmConfig`: the seed's snake_case fields plus the loop's limits. Unknown fields are
 * rejected, so a misspelt limit is an error rather than silently ignored.
 */
export const llmConfigSchema: z.ZodType<LlmConfig> = z.strictObject({
  type: z.enum(['claude', 'anthropic', 'openai', 'ollama'], {
    error: "expected one of 'claude', 'anthropic', 'openai', 'ollama'",
  }),
  api_key: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty key' }).optional(),
  model: z.string({ error: 'expected a model id' }).min(1, { error: 'expected a model id' }),
  system_prompt: z.string({ error: 'expected a string' }).optional(),
  base_url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  servers: z
    .record(
      z
        .string()
        .regex(/^[a-zA-Z0-9_-]+$/, { error: "a server name may use only letters, digits, '_' and '-'" }),
      serverConfigSchema,
    )
    .optional(),
  max_tool_calls: z
    .union(
      [count(0), z.strictObject({ per_message: count(0).optional(), per_session: count(0).optional() })],
      {
        error: 'expected a number (per message) or { per_message, per_session }',
      },
    )
    .optional(),
  thinking: z
    .strictObject({
      enabled: z.boolean({ error: 'expected true or false' }).optional(),
      budget_tokens: count(1).optional(),
      effort: z
        .enum(['low', 'medium', 'high', 'max'], { error: "expected 'low', 'medium', 'high' or 'max'" })
        .optional(),
    })
    .optional(),
  max_iterations: count(1).optional(),
  max_rounds: count(1).optional(),
  max_consecutive_errors: count(1).optional(),
  timeout_ms: milliseconds.optional(),
  tool_timeout_ms: milliseconds.optional(),
  max_tokens: count(1).optional(),
});
