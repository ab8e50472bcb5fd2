import { z } from 'zod';

const count = z.int().positive();

/** The `loop` options of a scenario: the core loop's own option names (SCENARIO-FORMAT.md). */
export const loopOptionsSchema = z.strictObject({
  maxIterations: count.optional(),
  maxRounds: count.optional(),
  maxToolCalls: z
    .union([
      z.int().nonnegative(),
      z.strictObject({
        perMessage: z.int().nonnegative().optional(),
        perSession: z.int().nonnegative().optional(),
      }),
    ])
    .optional(),
  maxConsecutiveErrors: count.optional(),
  timeoutMs: count.optional(),
  toolTimeoutMs: count.optional(),
  maxToolsPerResponse: count.optional(),
  unknownTool: z.enum(['feedback', 'stop']).optional(),
  explicitStop: z.boolean().optional(),
  progressivePrompt: z.boolean().optional(),
  statusMessages: z.enum(['generated', 'template', 'off']).optional(),
  thinking: z
    .union([
      z.boolean(),
      z.strictObject({ budgetTokens: count }),
      z.strictObject({ effort: z.enum(['low', 'medium', 'high', 'max']) }),
    ])
    .optional(),
  maxTokens: count.optional(),
});

export type ScenarioLoopOptions = z.infer<typeof loopOptionsSchema>;
