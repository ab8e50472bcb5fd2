import { z } from 'zod';

/** One progress notification a response sends before it answers; `delayMs` waits before sending it. */
export const progressStepSchema = z.strictObject({
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
  delayMs: z.number().int().nonnegative().optional(),
});

/** One scripted progress notification. */
export type ProgressStep = z.infer<typeof progressStepSchema>;
